import { apiQueryOf, paramsOfSearch, searchFromParams } from './parcel-search';

describe('a parcel search in the page address', () => {
  it('reads no search from an address without one, or with a kind of question it does not know', () => {
    expect(searchFromParams(new URLSearchParams(''))).toBeNull();
    expect(searchFromParams(new URLSearchParams('by=bbox&bbox=1,2,3,4'))).toBeNull();
  });

  it('keeps only the values of the question asked, trimmed, blanks left out', () => {
    const search = searchFromParams(new URLSearchParams('by=address&address=%20101%20Main%20&county=&owner=Ada&lat=1'));
    expect(search).toEqual({ by: 'address', values: { address: '101 Main' } });
  });

  it('writes a search back as it reads it, so a shared link asks the same', () => {
    const search = { by: 'parcel' as const, values: { county: '10001', parcel: '1-01.00-007', owner: 'not this' } };
    const params = paramsOfSearch(search);
    expect(params.toString()).toBe('by=parcel&county=10001&parcel=1-01.00-007');
    expect(searchFromParams(params)).toEqual({ by: 'parcel', values: { county: '10001', parcel: '1-01.00-007' } });
  });

  it('asks the API with its own names, without the kind, and with the most matches it gives', () => {
    expect(apiQueryOf({ by: 'point', values: { lat: '39.0002', lon: '-75.6', radius: '' } })).toBe(
      'lat=39.0002&lon=-75.6&limit=100',
    );
    expect(apiQueryOf({ by: 'owner', values: { owner: 'Lovelace, Ada', county: '10001' } })).toBe(
      'owner=Lovelace%2C+Ada&county=10001&limit=100',
    );
  });

  it('sends a blank question as it is, for the API to say what is missing', () => {
    expect(apiQueryOf({ by: 'address', values: { address: '  ' } })).toBe('limit=100');
  });
});
