import { comparePopulation, emptyMessage, filterCounties, indexCounties, populationText } from './county-filter';

const counties = [
  { id: '1', name: 'Baltimore City', state: 'Maryland', stateCode: 'MD' },
  { id: '2', name: 'Baltimore', state: 'Maryland', stateCode: 'MD' },
  { id: '3', name: 'Harris', state: 'Texas', stateCode: 'TX' },
  { id: '4', name: 'Cook', state: 'Illinois', stateCode: 'IL' },
  { id: '5', name: 'Mdwest', state: 'Nowhere', stateCode: 'NW' },
];
const index = indexCounties(counties);
const ids = (query: string) => filterCounties(index, query).map((c) => c.id);

describe('county search (docs/store-spec.md §2 Counties)', () => {
  it('keeps every county, in order, when the search is empty or blank', () => {
    expect(filterCounties(index, '')).toBe(counties);
    expect(ids('   ')).toEqual(['1', '2', '3', '4', '5']);
  });

  it('matches a substring of the name, ignoring case', () => {
    expect(ids('baltim')).toEqual(['1', '2']);
    expect(ids('CITY')).toEqual(['1']);
  });

  it('matches the state name and the state code, ignoring case', () => {
    expect(ids('texas')).toEqual(['3']);
    expect(ids('il')).toEqual(['4']); // "Illinois" and "IL"
    expect(ids('md')).toEqual(['1', '2', '5']); // the code, and "Mdwest" by name
  });

  it('ignores spaces around the query but not inside it', () => {
    expect(ids('  harris ')).toEqual(['3']);
    expect(ids('baltimore city')).toEqual(['1']);
  });

  it('does not match across two fields', () => {
    expect(ids('harristexas')).toEqual([]);
    expect(ids('stx')).toEqual([]);
  });

  it('answers nothing when nothing matches', () => {
    expect(ids('zzzz')).toEqual([]);
  });

  it('builds the lower-case keys once for the list', () => {
    expect(index.keys).toHaveLength(counties.length);
    expect(index.keys[2]).toBe('harris\u0000texas\u0000tx');
  });
});

describe('the empty table message', () => {
  it('says the search found nothing only when a search is active', () => {
    expect(emptyMessage('zzz')).toBe('No counties found matching your search');
    expect(emptyMessage('')).toBe('No counties found');
    expect(emptyMessage('  ')).toBe('No counties found');
  });
});

describe('population', () => {
  it('is locale grouped, and "N/A" when unknown', () => {
    expect(populationText(4731145)).toBe('4,731,145');
    expect(populationText(0)).toBe('0');
    expect(populationText(null)).toBe('N/A');
    expect(populationText(undefined)).toBe('N/A');
  });

  it('sorts unknown populations below known ones', () => {
    expect([300, null, 5, 20].sort(comparePopulation)).toEqual([null, 5, 20, 300]);
    expect(comparePopulation(null, null)).toBe(0);
  });
});
