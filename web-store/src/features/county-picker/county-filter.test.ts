import {
  ALL_STATES,
  cappedMessage,
  filterCounties,
  foundMessage,
  indexCounties,
  LIST_LIMIT,
  NO_MATCH_MESSAGE,
  PickerCounty,
  PROMPT_MESSAGE,
  stateChoices,
} from './county-filter';

function counties(state: string, n: number, name = (i: number) => `County ${i}`): PickerCounty[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${state}-${i}`, name: name(i), state }));
}

const texas = counties('Texas', 254);
const georgia = counties('Georgia', 159);
const catalog = [
  ...georgia,
  { id: 'ga-harris', name: 'Harris County', state: 'Georgia' },
  { id: 'tx-harris', name: 'Harris County', state: 'Texas' },
  { id: 'ky-harrison', name: 'Harrison County', state: 'Kentucky' },
  { id: 'ks-harper', name: 'Harper County', state: 'Kansas' },
  ...texas,
];
const index = indexCounties(catalog);
const none = new Set<string>();

describe('the county picker’s list', () => {
  it('asks for a state or a search before listing anything', () => {
    expect(filterCounties(index, { state: ALL_STATES, search: '', inCart: none })).toEqual({
      kind: 'prompt',
      message: 'Select a state or start typing to view counties',
    });
    expect(PROMPT_MESSAGE).toBe('Select a state or start typing to view counties');
  });

  it('treats a search of only spaces as no search', () => {
    expect(filterCounties(index, { state: ALL_STATES, search: '   ', inCart: none }).kind).toBe('prompt');
  });

  it('lists at most 100 of a large state and counts every match in the note', () => {
    const outcome = filterCounties(index, { state: 'Texas', search: '', inCart: none });
    if (outcome.kind !== 'results') throw new Error(outcome.kind);
    expect(outcome.counties).toHaveLength(LIST_LIMIT);
    expect(outcome.total).toBe(255);
    expect(outcome.capped).toBe(true);
    expect(outcome.message).toBe(
      'Showing first 100 of 255 counties - select a specific state or search to narrow results',
    );
    expect(outcome.counties.every((c) => c.state === 'Texas')).toBe(true);
  });

  it('keeps the catalog’s order and shows the first 100', () => {
    const outcome = filterCounties(index, { state: 'Texas', search: '', inCart: none });
    if (outcome.kind !== 'results') throw new Error(outcome.kind);
    expect(outcome.counties[0].id).toBe('tx-harris');
    expect(outcome.counties[1].id).toBe('Texas-0');
    expect(outcome.counties[99].id).toBe('Texas-98');
  });

  it('lists exactly 100 matches without the note, and caps at 101', () => {
    const hundred = indexCounties(counties('Ohio', 100));
    const exact = filterCounties(hundred, { state: 'Ohio', search: '', inCart: none });
    expect(exact).toMatchObject({ kind: 'results', total: 100, capped: false, message: '100 counties found' });
    if (exact.kind === 'results') expect(exact.counties).toHaveLength(100);

    const more = filterCounties(indexCounties(counties('Ohio', 101)), { state: 'Ohio', search: '', inCart: none });
    expect(more).toMatchObject({ kind: 'results', total: 101, capped: true, message: cappedMessage(101) });
    if (more.kind === 'results') expect(more.counties).toHaveLength(100);
  });

  it('says "county" for one match and "counties" for several', () => {
    expect(filterCounties(index, { state: ALL_STATES, search: 'harper', inCart: none })).toMatchObject({
      kind: 'results',
      total: 1,
      message: '1 county found',
    });
    expect(filterCounties(index, { state: ALL_STATES, search: 'harris', inCart: none })).toMatchObject({
      total: 3,
      message: '3 counties found',
    });
    expect(foundMessage(12)).toBe('12 counties found');
    expect(foundMessage(1)).toBe('1 county found');
  });

  it('searches county names and state names across all states, in any case', () => {
    const byName = filterCounties(index, { state: ALL_STATES, search: '  HaRRis ', inCart: none });
    if (byName.kind !== 'results') throw new Error(byName.kind);
    expect(byName.counties.map((c) => c.id)).toEqual(['ga-harris', 'tx-harris', 'ky-harrison']);

    const byState = filterCounties(index, { state: ALL_STATES, search: 'kentuc', inCart: none });
    expect(byState).toMatchObject({ kind: 'results', total: 1 });
  });

  it('combines the state with the search', () => {
    const outcome = filterCounties(index, { state: 'Texas', search: 'harris', inCart: none });
    if (outcome.kind !== 'results') throw new Error(outcome.kind);
    expect(outcome.counties.map((c) => c.id)).toEqual(['tx-harris']);
    expect(outcome.message).toBe('1 county found');
    // A search for the state's own name matches all of it.
    expect(filterCounties(index, { state: 'Georgia', search: 'georgia', inCart: none })).toMatchObject({ total: 160 });
  });

  it('hides counties already in the cart and leaves them out of the count', () => {
    const inCart = new Set(['tx-harris', 'Texas-0']);
    const outcome = filterCounties(index, { state: 'Texas', search: '', inCart });
    if (outcome.kind !== 'results') throw new Error(outcome.kind);
    expect(outcome.total).toBe(253);
    expect(outcome.message).toBe(cappedMessage(253));
    expect(outcome.counties.some((c) => inCart.has(c.id))).toBe(false);
    expect(outcome.counties[0].id).toBe('Texas-1');
  });

  it('says nothing matches when the only matches are in the cart', () => {
    const outcome = filterCounties(index, { state: ALL_STATES, search: 'harper', inCart: new Set(['ks-harper']) });
    expect(outcome).toEqual({ kind: 'no-match', message: NO_MATCH_MESSAGE });
  });

  it('says nothing matches in the words of docs/store-spec.md §2', () => {
    expect(filterCounties(index, { state: ALL_STATES, search: 'zzzz', inCart: none })).toEqual({
      kind: 'no-match',
      message: 'No counties found - Try adjusting your filters',
    });
    expect(filterCounties(index, { state: 'Kansas', search: 'harris', inCart: none }).kind).toBe('no-match');
  });

  it('formats a large count as people read it', () => {
    const big = indexCounties(counties('Everywhere', 3229));
    expect(filterCounties(big, { state: ALL_STATES, search: 'county', inCart: none })).toMatchObject({
      message: 'Showing first 100 of 3,229 counties - select a specific state or search to narrow results',
    });
  });

  it('filters the whole catalog quickly enough for every keystroke', () => {
    const big = indexCounties(
      Array.from({ length: 3229 }, (_, i) => ({ id: `${i}`, name: `Name ${i}`, state: `State ${i % 50}` })),
    );
    const start = performance.now();
    for (const search of ['n', 'na', 'nam', 'name', 'name 1', 'name 12']) {
      filterCounties(big, { state: ALL_STATES, search, inCart: none });
    }
    expect(performance.now() - start).toBeLessThan(60);
  });
});

describe('the state filter’s choices', () => {
  it('are the catalog’s states, once each, alphabetical', () => {
    expect(stateChoices(catalog)).toEqual(['Georgia', 'Kansas', 'Kentucky', 'Texas']);
  });
});
