/**
 * A parcel search as the page's address holds it, so a link to a lookup can be shared:
 * `?by=address&address=101+main&county=10001`. The values keep the API's names
 * (docs/data-api.md "Parcel lookups"); `by` says which question the form asks.
 */
export const SEARCH_KINDS = ['address', 'owner', 'parcel', 'point'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  address: 'Address',
  owner: 'Owner',
  parcel: 'Parcel number',
  point: 'Point (latitude, longitude)',
};

/** The values each kind of question sends, in the order the form shows them. */
const KIND_FIELDS = {
  address: ['address', 'county'],
  owner: ['owner', 'county'],
  parcel: ['county', 'parcel'],
  point: ['lat', 'lon', 'radius'],
} as const satisfies Record<SearchKind, readonly string[]>;

export type SearchField = (typeof KIND_FIELDS)[SearchKind][number];

export interface ParcelSearch {
  by: SearchKind;
  values: Partial<Record<SearchField, string>>;
}

/** Matches a lookup answers at most but for a box (MAX_MATCHES of the API): a page of the table shows them all. */
export const MATCH_LIMIT = 100;

const isKind = (value: string | null): value is SearchKind => SEARCH_KINDS.includes(value as SearchKind);

/** The search a page address holds, or null when it holds none (the page has not searched yet). */
export function searchFromParams(params: URLSearchParams): ParcelSearch | null {
  const by = params.get('by');
  if (!isKind(by)) return null;
  const values: ParcelSearch['values'] = {};
  for (const field of KIND_FIELDS[by]) {
    const value = params.get(field)?.trim();
    if (value) values[field] = value;
  }
  return { by, values };
}

/** The page address's query string of a search: only the values of its kind, blanks left out. */
export function paramsOfSearch(search: ParcelSearch): URLSearchParams {
  const params = new URLSearchParams({ by: search.by });
  for (const field of KIND_FIELDS[search.by]) {
    const value = search.values[field]?.trim();
    if (value) params.set(field, value);
  }
  return params;
}

/**
 * The query string of GET /api/admin/parcels for a search. A blank question is sent as it is, so the
 * API's own message says what is missing rather than the page guessing at its rules.
 */
export function apiQueryOf(search: ParcelSearch): string {
  const params = paramsOfSearch(search);
  params.delete('by');
  params.set('limit', String(MATCH_LIMIT));
  return params.toString();
}

/** The fields the form shows for a kind of question. */
export const fieldsOf = (by: SearchKind): readonly SearchField[] => KIND_FIELDS[by];
