import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('splits rows and fields, keeping leading zeros as text', () => {
    expect(parseCsv('fips,name\n01001,Autauga\n')).toEqual([
      ['fips', 'name'],
      ['01001', 'Autauga'],
    ]);
  });

  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,"b, ""c""","d\ne"\r\nx,,z')).toEqual([
      ['a', 'b, "c"', 'd\ne'],
      ['x', '', 'z'],
    ]);
  });
});
