import { matchesSearch, statesWithCounts } from './counties';

describe('county search', () => {
  const harris = { name: 'Harris County', state: 'Texas' };

  it('matches the name or the state, in any case, anywhere in the word', () => {
    expect(matchesSearch(harris, 'harr')).toBe(true);
    expect(matchesSearch(harris, 'EXA')).toBe(true);
    expect(matchesSearch(harris, 'ris coun')).toBe(true);
    expect(matchesSearch(harris, 'dallas')).toBe(false);
  });

  it('matches everything when the search is blank', () => {
    expect(matchesSearch(harris, '')).toBe(true);
    expect(matchesSearch(harris, '   ')).toBe(true);
  });
});

describe('the state list', () => {
  it('is alphabetical, each state with its number of counties', () => {
    const counties = [{ state: 'Texas' }, { state: 'Alabama' }, { state: 'Texas' }, { state: 'Ohio' }];
    expect(statesWithCounts(counties)).toEqual([
      { state: 'Alabama', count: 1 },
      { state: 'Ohio', count: 1 },
      { state: 'Texas', count: 2 },
    ]);
  });
});
