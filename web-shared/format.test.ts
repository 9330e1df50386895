import { countOf, formatDate, formatDollars, formatFileSize, formatRelease } from './format';

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

describe('file sizes', () => {
  it('shows small files in bytes', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(812)).toBe('812 bytes');
  });

  it('shows one decimal below 10 of a unit, none above', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(512_000)).toBe('500 KB');
    expect(formatFileSize(1.4 * 1024 * 1024)).toBe('1.4 MB');
    expect(formatFileSize(12 * 1024 * 1024 + 300)).toBe('12 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});

describe('release names', () => {
  it('names the month of a release', () => {
    expect(formatRelease('2026-11')).toBe('November 2026');
    expect(formatRelease('2025-01')).toBe('January 2025');
  });

  it('leaves anything else as it is', () => {
    expect(formatRelease('2025-13')).toBe('2025-13');
    expect(formatRelease('latest')).toBe('latest');
  });
});
