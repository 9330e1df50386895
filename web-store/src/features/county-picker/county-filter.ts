import { matchesSearch, statesWithCounts, type County } from '@/lib/counties';

/** docs/store-spec.md §9: the picker never lists more than this many counties at once. */
export const LIST_LIMIT = 100;

/** The state filter's value for "All States". */
export const ALL_STATES = '';

export const PROMPT_MESSAGE = 'Select a state or start typing to view counties';
export const NO_MATCH_MESSAGE = 'No counties found - Try adjusting your filters';

export function cappedMessage(total: number): string {
  return `Showing first ${LIST_LIMIT} of ${total.toLocaleString('en-US')} counties - select a specific state or search to narrow results`;
}

export function foundMessage(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'county' : 'counties'} found`;
}

export type PickerCounty = Pick<County, 'id' | 'name' | 'state'>;

/** A county with its name and state lowercased once, so a keystroke does not lowercase 3,000 strings twice. */
export interface IndexedCounty<C extends PickerCounty = PickerCounty> {
  county: C;
  lower: { name: string; state: string };
}

export function indexCounties<C extends PickerCounty>(counties: readonly C[]): IndexedCounty<C>[] {
  return counties.map((county) => ({
    county,
    lower: { name: county.name.toLowerCase(), state: county.state.toLowerCase() },
  }));
}

/** The state filter's choices: the states the catalog holds, alphabetical. */
export function stateChoices(counties: readonly Pick<PickerCounty, 'state'>[]): string[] {
  return statesWithCounts(counties).map(({ state }) => state);
}

export interface CountyFilter {
  /** A full state name, or ALL_STATES. */
  state: string;
  search: string;
  /** Ids of the counties already in the cart: they are not offered again. */
  inCart: ReadonlySet<string>;
}

export type FilterOutcome<C extends PickerCounty = PickerCounty> =
  | { kind: 'prompt'; message: string }
  | { kind: 'no-match'; message: string }
  | { kind: 'results'; counties: C[]; total: number; capped: boolean; message: string };

/**
 * What the county list shows (docs/store-spec.md §2): nothing until a state is chosen or a search typed; then the
 * counties of that state matching the search, minus those in the cart, at most LIST_LIMIT of them.
 */
export function filterCounties<C extends PickerCounty>(
  index: readonly IndexedCounty<C>[],
  { state, search, inCart }: CountyFilter,
): FilterOutcome<C> {
  const needle = search.trim().toLowerCase();
  if (state === ALL_STATES && !needle) return { kind: 'prompt', message: PROMPT_MESSAGE };

  const shown: C[] = [];
  let total = 0;
  for (const { county, lower } of index) {
    if (state !== ALL_STATES && county.state !== state) continue;
    if (inCart.has(county.id)) continue;
    // The lowercased copy keeps the shared rule's answer while sparing its lowercasing work.
    if (!matchesSearch(lower, needle)) continue;
    total += 1;
    if (shown.length < LIST_LIMIT) shown.push(county);
  }

  if (total === 0) return { kind: 'no-match', message: NO_MATCH_MESSAGE };
  const capped = total > LIST_LIMIT;
  return {
    kind: 'results',
    counties: shown,
    total,
    capped,
    message: capped ? cappedMessage(total) : foundMessage(total),
  };
}
