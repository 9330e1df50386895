import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/field';
import { messageOf } from '@/lib/http';
import { searchParcels, type MapCounty, type ParcelFeature, type SearchKind } from '../api/parcel-map';

const KINDS: { kind: SearchKind; label: string; placeholder: string }[] = [
  { kind: 'address', label: 'Address', placeholder: '100 North Main Street' },
  { kind: 'parcel', label: 'Parcel number', placeholder: '1-01.00-003' },
  { kind: 'owner', label: 'Owner', placeholder: 'Lovelace, Ada' },
];

/**
 * Search by address, parcel number (in one county) or owner. The results are a listbox: arrow
 * keys walk it from the field, Enter chooses (the focus stays in the field, as a combobox's does).
 */
export function ParcelSearch({
  counties,
  onChoose,
  fieldRef,
}: {
  counties: MapCounty[];
  onChoose: (parcel: ParcelFeature) => void;
  /** The search field, where the focus goes back when the details panel closes. */
  fieldRef?: Ref<HTMLInputElement>;
}) {
  const [kind, setKind] = useState<SearchKind>('address');
  const [county, setCounty] = useState(counties[0]?.fips ?? '');
  const [text, setText] = useState('');
  const [results, setResults] = useState<ParcelFeature[] | null>(null);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { field: useId(), kind: useId(), county: useId(), list: useId(), status: useId() };
  const spec = KINDS.find((k) => k.kind === kind)!;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const found = await searchParcels(kind, text.trim(), kind === 'parcel' ? county : undefined);
      setResults(found);
      setActive(found.length > 0 ? 0 : -1);
    } catch (failure) {
      setResults(null);
      setError(messageOf(failure, 'The search failed. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };

  // Results belong to the question that found them: a changed question has none until it is searched,
  // so Enter searches it instead of choosing an old result.
  const forget = () => {
    setResults(null);
    setActive(-1);
  };

  const choose = (parcel: ParcelFeature) => {
    onChoose(parcel);
    setActive(-1);
    setResults(null);
  };

  const walk = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!results || results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape') {
      // Closes the list only, not the details panel behind it.
      event.preventDefault();
      forget();
    }
  };

  const expanded = Boolean(results && results.length > 0);
  return (
    <form className="pmap-search" role="search" aria-label="Find parcels" onSubmit={(event) => void submit(event)}>
      <div className="pmap-search__row">
        <Label htmlFor={ids.kind} className="visually-hidden">
          Search by
        </Label>
        <Select
          id={ids.kind}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as SearchKind);
            forget();
          }}
        >
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </Select>
        {kind === 'parcel' && counties.length > 1 && (
          <>
            <Label htmlFor={ids.county} className="visually-hidden">
              County
            </Label>
            <Select
              id={ids.county}
              value={county}
              onChange={(event) => {
                setCounty(event.target.value);
                forget();
              }}
            >
              {counties.map((c) => (
                <option key={c.fips} value={c.fips}>
                  {c.name}, {c.state}
                </option>
              ))}
            </Select>
          </>
        )}
      </div>
      <div className="pmap-search__row">
        <Label htmlFor={ids.field} className="visually-hidden">
          {spec.label}
        </Label>
        <Input
          ref={fieldRef}
          id={ids.field}
          type="search"
          value={text}
          placeholder={spec.placeholder}
          autoComplete="off"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={ids.list}
          aria-autocomplete="list"
          aria-describedby={ids.status}
          aria-activedescendant={expanded && active >= 0 ? `${ids.list}-${active}` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            forget();
          }}
          onKeyDown={walk}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Searching…' : 'Search'}
        </Button>
      </div>
      <p id={ids.status} className="pmap-search__status" role="status">
        {error ??
          (results === null
            ? ''
            : results.length === 0
              ? 'No parcel of your counties matches.'
              : `${results.length} ${results.length === 1 ? 'parcel' : 'parcels'} found: arrow keys choose, Enter shows.`)}
      </p>
      <ul id={ids.list} role="listbox" aria-label="Parcels found" className="pmap-search__results" hidden={!expanded}>
        {results?.map((parcel, i) => (
          <li
            key={`${parcel.id}-${i}`}
            id={`${ids.list}-${i}`}
            role="option"
            aria-selected={i === active}
            className="pmap-search__result"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(parcel)}
          >
            <span className="pmap-search__result-title">
              {String(parcel.properties.site_address ?? parcel.properties.parcel_id ?? parcel.id)}
            </span>
            <span className="pmap-search__result-meta">
              {String(parcel.properties.owner_name ?? '')} · {String(parcel.properties.parcel_id ?? parcel.id)}
            </span>
          </li>
        ))}
      </ul>
    </form>
  );
}
