/** The fields the counties search looks at. */
export interface SearchableCounty {
  name: string;
  state: string;
  stateCode: string;
}

export interface CountyIndex<T extends SearchableCounty> {
  counties: T[];
  /** Lower-cased name, state and state code of each county, built once per list so each keystroke only compares. */
  keys: string[];
}

// A character nobody types keeps a query from matching across two fields ("harristexas").
const SEPARATOR = '\u0000';

export function indexCounties<T extends SearchableCounty>(counties: T[]): CountyIndex<T> {
  return {
    counties,
    keys: counties.map((c) => [c.name, c.state, c.stateCode].join(SEPARATOR).toLowerCase()),
  };
}

/** The query as the search uses it: surrounding spaces do not count, and an empty query is no search. */
export function searchTerm(query: string): string {
  return query.trim().toLowerCase();
}

/**
 * Counties whose name, state or state code contains the query, ignoring case (docs/store-spec.md §2 Counties),
 * in the list's order. An empty query keeps them all.
 */
export function filterCounties<T extends SearchableCounty>(index: CountyIndex<T>, query: string): T[] {
  const term = searchTerm(query);
  if (!term) return index.counties;
  return index.counties.filter((_, i) => index.keys[i].includes(term));
}

/** The table's empty message: a search that matched nothing says so. */
export function emptyMessage(query: string): string {
  return searchTerm(query) ? 'No counties found matching your search' : 'No counties found';
}

/** Population as staff read it: locale grouped ("1,234,567"), "N/A" when unknown. */
export function populationText(population: number | null | undefined): string {
  return population == null ? 'N/A' : population.toLocaleString('en-US');
}

/** Sorts by population with unknown populations below every known one, ascending. */
export function comparePopulation(a: number | null, b: number | null): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : -1) : 1;
  return a - b;
}
