import { ALL_STATES, checkoutPath, filterCounties, nextLimit, PAGE_SIZE, resultSummary } from './county-browse';

const counties = [
  { id: '1', name: 'Harris County', state: 'Texas' },
  { id: '2', name: 'Harrison County', state: 'Texas' },
  { id: '3', name: 'Harrison County', state: 'Ohio' },
  { id: '4', name: 'Travis County', state: 'Texas' },
  { id: '5', name: 'Marion County', state: 'Indiana' },
];
const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('filtering the counties', () => {
  it('shows every county with all states and no search', () => {
    expect(ids(filterCounties(counties, ALL_STATES, ''))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('keeps only the chosen state', () => {
    expect(ids(filterCounties(counties, 'Texas', ''))).toEqual(['1', '2', '4']);
  });

  it('matches the search against the name or the state, in any case', () => {
    expect(ids(filterCounties(counties, ALL_STATES, 'HARRIS'))).toEqual(['1', '2', '3']);
    expect(ids(filterCounties(counties, ALL_STATES, 'indi'))).toEqual(['5']);
  });

  it('combines the search with the state', () => {
    expect(ids(filterCounties(counties, 'Texas', 'harris'))).toEqual(['1', '2']);
    expect(ids(filterCounties(counties, 'Ohio', 'travis'))).toEqual([]);
  });
});

describe('the count line', () => {
  it('says how many were found when all show', () => {
    expect(resultSummary(1, 1)).toBe('1 county found');
    expect(resultSummary(2, 2)).toBe('2 counties found');
    expect(resultSummary(60, 0)).toBe('0 counties found');
  });

  it('says how many of how many show when not all do', () => {
    expect(resultSummary(60, 3229)).toBe('Showing 60 of 3,229 counties');
  });
});

describe('showing more', () => {
  it(`adds ${PAGE_SIZE} at a time and stops at the number of matches`, () => {
    expect(nextLimit(PAGE_SIZE, 3229)).toBe(120);
    expect(nextLimit(120, 150)).toBe(150);
    expect(nextLimit(PAGE_SIZE, 10)).toBe(PAGE_SIZE);
  });
});

describe('a county’s checkout', () => {
  it('is /checkout/{countyId}, as Select County goes', () => {
    expect(checkoutPath('6f1c0a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6')).toBe('/checkout/6f1c0a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6');
  });

  it('carries the plan chosen in the county’s panel', () => {
    expect(checkoutPath('c-1', 'one-time')).toBe('/checkout/c-1?plan=one-time');
    expect(checkoutPath('c-1', 'annual')).toBe('/checkout/c-1?plan=annual');
  });
});
