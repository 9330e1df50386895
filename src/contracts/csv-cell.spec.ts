import { csvCell, formulaSafe } from './csv-cell';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1 555 0100', `'+1 555 0100`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['   =1+1', `'   =1+1`],
    ['  @cmd', `'  @cmd`],
  ])('neutralises %j, which a spreadsheet would run as a formula', (text, safe) => {
    expect(formulaSafe(text)).toBe(safe);
  });

  it.each(['100 Main Street', 'Lovelace, Ada', 'a=b', '  spaced name', ''])('leaves plain text %j as it is', (text) => {
    expect(formulaSafe(text)).toBe(text);
  });

  it('writes numbers and booleans as they are: a negative longitude stays a number', () => {
    expect([csvCell(-76.6122), csvCell(0), csvCell(true)]).toEqual(['-76.6122', '0', 'true']);
  });

  it('quotes a cell with a comma, quote or line break, and doubles its quotes', () => {
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('the "Manor"')).toBe('"the ""Manor"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('writes nothing for null or undefined, and an object as JSON', () => {
    expect([csvCell(null), csvCell(undefined)]).toEqual(['', '']);
    expect(csvCell({ type: 'Point', coordinates: [-76.6, 39.3] })).toBe(
      '"{""type"":""Point"",""coordinates"":[-76.6,39.3]}"',
    );
  });
});
