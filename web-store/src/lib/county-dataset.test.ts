import { HttpError } from '@web-shared/http';
import { formatFillRate, isDataPending, keyFieldsView, releaseLine, shapesLine } from './county-dataset';

describe('a fill rate', () => {
  it('shows as a whole percent', () => {
    expect(formatFillRate(0.5)).toBe('50%');
    expect(formatFillRate(0.874)).toBe('87%');
    expect(formatFillRate(0.875)).toBe('88%');
  });

  it('says 100% and 0% only when every record, or none, carries the field', () => {
    expect(formatFillRate(1)).toBe('100%');
    expect(formatFillRate(0)).toBe('0%');
    expect(formatFillRate(0.996)).toBe('99%');
    expect(formatFillRate(0.003)).toBe('1%');
  });

  it('shows a value outside 0–1 as the nearest end', () => {
    expect(formatFillRate(1.2)).toBe('100%');
    expect(formatFillRate(-0.1)).toBe('0%');
    expect(formatFillRate(Number.NaN)).toBe('0%');
  });
});

describe('the release line', () => {
  it('names the release month and the publishing day', () => {
    expect(releaseLine('2026-11', '2026-11-03T08:15:00.000Z')).toBe(
      'Latest release: November 2026, published Nov 3, 2026',
    );
  });

  it('dates the publishing by its UTC calendar day, as the server records it', () => {
    expect(releaseLine('2025-12', '2025-12-31T23:30:00.000Z')).toBe(
      'Latest release: December 2025, published Dec 31, 2025',
    );
  });
});

describe('a county without data yet', () => {
  it('is the API’s 409, and nothing else', () => {
    const pending = new HttpError(409, '409: …', "This county's data is not available yet.");
    expect(isDataPending(pending)).toBe(true);
    expect(isDataPending(new HttpError(404, '404: …', 'County not found'))).toBe(false);
    expect(isDataPending(new Error('409: looks like one'))).toBe(false);
  });
});

describe('the key fields of a release', () => {
  it('say they are still being counted, rather than showing empty bars, while the API has no rates', () => {
    expect(keyFieldsView(null)).toEqual({
      kind: 'counting',
      message: 'Counting how complete each field is… check back in a minute.',
    });
  });

  it('show each counted field’s share and a bar no longer than its track', () => {
    const view = keyFieldsView([
      { field: 'owner_name', label: 'Owner', rate: 0.875 },
      { field: 'zoning_code', label: 'Zoning', rate: 1.2 },
      { field: 'year_built', label: 'Year built', rate: 0 },
    ]);
    expect(view).toEqual({
      kind: 'rates',
      fields: [
        { field: 'owner_name', label: 'Owner', percent: '88%', width: 87.5 },
        { field: 'zoning_code', label: 'Zoning', percent: '100%', width: 100 },
        { field: 'year_built', label: 'Year built', percent: '0%', width: 0 },
      ],
    });
  });
});

describe("a county's parcel shapes", () => {
  it('says whether the files have parcel boundaries or points only, and nothing before they are counted', () => {
    expect(shapesLine('polygons')).toMatch(/^Parcel boundaries: .*polygon/);
    expect(shapesLine('points')).toMatch(/^Points only: .*no parcel boundaries/);
    expect(shapesLine(null)).toBeNull();
    expect(shapesLine(undefined)).toBeNull();
  });
});
