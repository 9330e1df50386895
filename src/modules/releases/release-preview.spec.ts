import { parseCsvRows } from './release-preview.service';

describe('parseCsvRows', () => {
  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(parseCsvRows('a,b\r\n"x, y","say ""hi""\nthere"\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
      ['1', ''],
    ]);
  });

  it('reads a last record without a line break and skips blank lines', () => {
    expect(parseCsvRows('a\n\nb')).toEqual([['a'], ['b']]);
  });
});
