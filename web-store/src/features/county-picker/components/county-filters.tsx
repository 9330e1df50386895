import { Input, Label, Select } from '@/components/ui/field';
import { ALL_STATES } from '../county-filter';

interface CountyFiltersProps {
  states: readonly string[];
  state: string;
  search: string;
  disabled: boolean;
  onStateChange: (state: string) => void;
  onSearchChange: (search: string) => void;
}

export function CountyFilters({ states, state, search, disabled, onStateChange, onSearchChange }: CountyFiltersProps) {
  return (
    <div className="picker-filters" role="search" aria-label="Counties">
      <div className="picker-filters__field">
        <Label htmlFor="picker-state">State</Label>
        <Select
          id="picker-state"
          value={state}
          disabled={disabled}
          onChange={(event) => onStateChange(event.target.value)}
        >
          <option value={ALL_STATES}>All States</option>
          {states.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <div className="picker-filters__field picker-filters__field--grow">
        <Label htmlFor="picker-search">Search counties</Label>
        <Input
          id="picker-search"
          type="search"
          placeholder="Search counties..."
          autoComplete="off"
          spellCheck={false}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
    </div>
  );
}
