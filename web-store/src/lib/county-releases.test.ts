import { changeCounts, type CountyRelease } from './county-releases';

const release = (counts: Partial<CountyRelease>): CountyRelease => ({
  release: '2026-11',
  records: 1200,
  bytes: 51200,
  publishedAt: '2026-11-03T12:00:00.000Z',
  added: null,
  removed: null,
  changed: null,
  generated: false,
  ...counts,
});

describe('a release’s change counts in the history', () => {
  it('shows each count with thousands separators', () => {
    expect(changeCounts(release({ added: 1204, removed: 0, changed: 51200 }), false)).toEqual({
      kind: 'counts',
      added: '1,204',
      removed: '0',
      changed: '51,200',
    });
  });

  it('calls the oldest release listed without counts the first, and any other not compared', () => {
    expect(changeCounts(release({}), true)).toEqual({ kind: 'none', label: 'First release' });
    expect(changeCounts(release({ added: 3, removed: null, changed: 1 }), false)).toEqual({
      kind: 'none',
      label: 'Not compared',
    });
  });
});
