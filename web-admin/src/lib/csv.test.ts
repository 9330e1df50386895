import { csvCell, csvFileName, toCsv } from './csv';

describe('CSV exports', () => {
  it('leaves plain text and numbers as they are and empty values empty', () => {
    expect(csvCell('Harris County')).toBe('Harris County');
    expect(csvCell(1200.5)).toBe('1200.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes cells with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('Harris County, Texas')).toBe('"Harris County, Texas"');
    expect(csvCell('Dwayne "The Rock"')).toBe('"Dwayne ""The Rock"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('turns text a spreadsheet would run as a formula into text with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
    expect(csvCell('+15551234567')).toBe("'+15551234567");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    // Only at the start: an email or a hyphenated name is left alone.
    expect(csvCell('anne-marie@example.com')).toBe('anne-marie@example.com');
  });

  it('keeps a negative number a number', () => {
    expect(csvCell(-500)).toBe('-500');
  });

  it('writes a header line and one CRLF-ended line per row, columns in order', () => {
    const rows = [
      { name: 'Cook', state: 'Illinois', amount: 1200 },
      { name: 'Harris, the big one', state: 'Texas', amount: 500 },
    ];
    const csv = toCsv(rows, [
      { header: 'County', value: (r) => r.name },
      { header: 'State', value: (r) => r.state },
      { header: 'Amount', value: (r) => r.amount },
    ]);
    expect(csv).toBe('County,State,Amount\r\nCook,Illinois,1200\r\n"Harris, the big one",Texas,500\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv([], [{ header: 'Email', value: () => '' }])).toBe('Email\r\n');
  });

  it('names the file after the export day', () => {
    expect(csvFileName('subscriptions', new Date(2026, 10, 23, 23, 59))).toBe('subscriptions-2026-11-23.csv');
    expect(csvFileName('users', new Date(2025, 0, 5))).toBe('users-2025-01-05.csv');
  });
});
