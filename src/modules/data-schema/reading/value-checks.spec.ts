import { isValidText, isValidValue } from './value-checks';

describe('isValidValue', () => {
  it('takes an empty value of any type as valid: the field is just not filled', () => {
    for (const type of ['text', 'integer', 'decimal', 'money', 'date', 'boolean'] as const) {
      expect(isValidText(type, '')).toBe(true);
    }
  });

  it('takes any text', () => {
    expect(isValidText('text', 'Smith, "John" — 12 ½')).toBe(true);
  });

  it('takes integers with an optional minus, nothing else', () => {
    for (const value of ['0', '12', '-3', '0012', '350000']) expect(isValidText('integer', value)).toBe(true);
    for (const value of ['-', '1.5', '1e3', ' 12', '12 ', '+4', 'twelve', '1,000']) {
      expect(isValidText('integer', value)).toBe(false);
    }
  });

  it('takes decimals with an optional fraction, without exponent', () => {
    for (const value of ['0', '-76.6122', '0.5', '.5', '12.', '39.290385']) {
      expect(isValidText('decimal', value)).toBe(true);
    }
    for (const value of ['.', '-', '1.2.3', '1e5', 'N/A', '12,5', '--1'])
      expect(isValidText('decimal', value)).toBe(false);
  });

  it('takes money as dollars with at most two fraction digits, no sign or separators', () => {
    for (const value of ['1250', '1250.5', '1250.50', '-3.25', '0']) expect(isValidText('money', value)).toBe(true);
    for (const value of ['$1250', '1,250', '12.505', 'free']) expect(isValidText('money', value)).toBe(false);
  });

  it('takes YYYY-MM-DD dates that exist on the calendar', () => {
    for (const value of ['2024-02-29', '2000-02-29', '1999-12-31', '2026-01-01']) {
      expect(isValidText('date', value)).toBe(true);
    }
    for (const value of [
      '2023-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-01',
      '01/02/2026',
      '2026-01-01T00:00',
      '0000-01-01',
    ]) {
      expect(isValidText('date', value)).toBe(false);
    }
  });

  it('takes true and false in any letter case, nothing else', () => {
    for (const value of ['true', 'false', 'TRUE', 'False']) expect(isValidText('boolean', value)).toBe(true);
    for (const value of ['yes', 'no', '1', '0', 't', 'truth', 'fals'])
      expect(isValidText('boolean', value)).toBe(false);
  });

  it('checks only the bytes between start and end', () => {
    const bytes = Buffer.from('x,2024-02-30,2024-02-29,y');
    expect(isValidValue('date', bytes, 2, 12)).toBe(false);
    expect(isValidValue('date', bytes, 13, 23)).toBe(true);
  });
});
