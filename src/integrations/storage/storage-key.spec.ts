import { keyUnder } from './storage-key';

describe('keyUnder', () => {
  it('places a key under a directory or a key prefix', () => {
    expect(keyUnder('/srv/datasets', 'counties/24510/2026-11.csv.gz')).toBe(
      '/srv/datasets/counties/24510/2026-11.csv.gz',
    );
    expect(keyUnder('store/datasets/', 'counties/1/a.csv.gz')).toBe('store/datasets/counties/1/a.csv.gz');
    expect(keyUnder('', 'counties/1/a.csv.gz')).toBe('counties/1/a.csv.gz');
  });

  it.each(['../x', 'counties/../../x', '..', '.', ''])(
    'refuses the key "%s", which leaves the prefix or names it',
    (key) => {
      expect(() => keyUnder('store', key)).toThrow(/outside the store/);
      expect(() => keyUnder('', key)).toThrow(/outside the store/);
    },
  );

  it('keeps a key that only looks like a way out inside the store', () => {
    expect(keyUnder('store', 'counties/a..b/x')).toBe('store/counties/a..b/x');
    expect(keyUnder('', '/counties/1/a')).toBe('counties/1/a');
  });
});
