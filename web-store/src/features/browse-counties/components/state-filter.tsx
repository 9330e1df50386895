import { Label, Select } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { ALL_STATES } from '../county-browse';

interface StateFilterProps {
  states: { state: string; count: number }[];
  total: number;
  selected: string;
  onSelect: (state: string) => void;
}

function StateButton({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count: number;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <li>
      <button type="button" className="browse-states__item" aria-pressed={pressed} onClick={onClick}>
        <span className="browse-states__name">{label}</span>
        <span className="browse-states__count">
          {count.toLocaleString('en-US')}
          <span className="visually-hidden"> counties</span>
        </span>
      </button>
    </li>
  );
}

/**
 * docs/store-spec.md §2: the states, alphabetical with their county counts, plus All States. A scrolling list
 * beside the cards on wide screens; a select above them on narrow ones (CSS shows one or the other).
 */
export function StateFilter({ states, total, selected, onSelect }: StateFilterProps) {
  return (
    <>
      <div className="browse-states-select">
        <Label htmlFor="browse-state-select">State</Label>
        <Select id="browse-state-select" value={selected} onChange={(event) => onSelect(event.target.value)}>
          <option value={ALL_STATES}>All States ({total.toLocaleString('en-US')})</option>
          {states.map(({ state, count }) => (
            <option key={state} value={state}>
              {state} ({count.toLocaleString('en-US')})
            </option>
          ))}
        </Select>
      </div>
      <aside className="card browse-states" aria-labelledby="browse-states-title">
        <h2 id="browse-states-title" className="browse-states__title">
          States
        </h2>
        <ul className="browse-states__list">
          <StateButton
            label="All States"
            count={total}
            pressed={selected === ALL_STATES}
            onClick={() => onSelect(ALL_STATES)}
          />
          {states.map(({ state, count }) => (
            <StateButton
              key={state}
              label={state}
              count={count}
              pressed={selected === state}
              onClick={() => onSelect(state)}
            />
          ))}
        </ul>
      </aside>
    </>
  );
}

export function StateFilterSkeleton() {
  return (
    <>
      <div className="browse-states-select" aria-hidden="true">
        <Skeleton style={{ width: '3rem', height: '1.25rem', marginBottom: '0.375rem' }} />
        <Skeleton style={{ height: '2.5rem' }} />
      </div>
      <div className="card browse-states" aria-hidden="true">
        <Skeleton style={{ width: '4rem', height: '1.5rem', margin: '0.25rem 0.5rem 0.75rem' }} />
        {Array.from({ length: 14 }, (_, n) => (
          <Skeleton key={n} style={{ height: '1.75rem', margin: '0.5rem' }} />
        ))}
      </div>
    </>
  );
}
