import { countyFileStem, slug } from './slug';

describe('slug', () => {
  it('keeps accented letters without their accents and joins words and parts with single dashes', () => {
    expect(slug('Doña Ana', 'NM')).toBe('dona-ana-nm');
    expect(slug("Prince George's", 'MD')).toBe('prince-george-s-md');
    expect(slug('  St. Mary’s  ')).toBe('st-mary-s');
  });

  it('gives an empty slug for a name with no letters or digits it can keep', () => {
    expect(slug('県 🏠')).toBe('');
  });

  it('names a county file by county and state, with "county" for a name that leaves nothing', () => {
    expect(countyFileStem('Doña Ana', 'NM')).toBe('dona-ana-nm');
    expect(countyFileStem('県', 'PR')).toBe('county-pr');
  });
});
