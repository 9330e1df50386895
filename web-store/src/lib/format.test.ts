import { countOf, formatDate, formatDollars } from './format';

describe('formatting', () => {
  it('shows dollars with thousands separators, cents only when there are some', () => {
    expect(formatDollars(500)).toBe('$500');
    expect(formatDollars(1200)).toBe('$1,200');
    expect(formatDollars(600000)).toBe('$600,000');
    expect(formatDollars(12.5)).toBe('$12.50');
  });

  it('shows dates like "Jan 5, 2025", by the UTC calendar day', () => {
    expect(formatDate('2025-01-05T00:00:00.000Z')).toBe('Jan 5, 2025');
    expect(formatDate('2025-12-31T23:59:59.000Z')).toBe('Dec 31, 2025');
  });

  it('counts in the singular for one', () => {
    expect(countOf(1, 'county', 'counties')).toBe('1 county');
    expect(countOf(3229, 'county', 'counties')).toBe('3,229 counties');
  });
});
