import type { KeyFieldCounts } from '../../data-schema';
import { CurrentFileFacts, FileFacts, qaFlags } from './qa-flags';

/** Every key field filled in `filled` records. */
const filledIn = (filled: number): KeyFieldCounts => ({
  owner_name: filled,
  mail_address: filled,
  assessed_total_value: filled,
  last_sale_price: filled,
  last_sale_date: filled,
  year_built: filled,
  zoning_code: filled,
});

const previous: FileFacts = { records: 1000, keyFieldCounts: filledIn(800) };
const current = (change: Partial<CurrentFileFacts> = {}): CurrentFileFacts => ({
  records: 1000,
  keyFieldCounts: filledIn(800),
  invalidValueCount: 0,
  columns: 10,
  ...change,
});
const someChanges = { added: 3, removed: 2, changed: 1 };

describe('qaFlags', () => {
  it('raises nothing for a file like its predecessor with some changes', () => {
    expect(qaFlags(current(), previous, someChanges)).toEqual([]);
  });

  it('flags more than 1 % of parcels without a valid boundary, but not a county whose source has no boundaries', () => {
    const counted = { repaired: 0, outsideCounty: 0, largerThanCounty: 0 };
    const shaped = (bad: number) => ({ shapes: 1000 - bad, missing: bad - 2, invalid: 1, noArea: 1, ...counted });
    expect(qaFlags(current({ shapeChecks: shaped(11) }), previous, someChanges)).toEqual(['shapes']);
    expect(qaFlags(current({ shapeChecks: shaped(10) }), previous, someChanges)).toEqual([]);
    const pointsOnly = { shapes: 0, missing: 1000, invalid: 0, noArea: 0, ...counted };
    expect(qaFlags(current({ shapeChecks: pointsOnly }), previous, someChanges)).toEqual([]);
    expect(qaFlags(current({ shapeChecks: null }), null, null)).toEqual([]);
  });

  it('flags a record count more than 10 % down, and not one exactly 10 % down', () => {
    expect(qaFlags(current({ records: 899, keyFieldCounts: filledIn(720) }), previous, someChanges)).toEqual([
      'records_down',
    ]);
    expect(qaFlags(current({ records: 900, keyFieldCounts: filledIn(720) }), previous, someChanges)).toEqual([]);
  });

  it('flags a key field filled more than 5 points less, and not one exactly 5 points less', () => {
    const ownerDown = (filled: number) => ({ ...filledIn(800), owner_name: filled });
    expect(qaFlags(current({ keyFieldCounts: ownerDown(749) }), previous, someChanges)).toEqual(['fill_rate_down']);
    expect(qaFlags(current({ keyFieldCounts: ownerDown(750) }), previous, someChanges)).toEqual([]);
  });

  it('compares fill rates, not counts: fewer records filling a field at the same rate are no drop', () => {
    expect(qaFlags(current({ records: 950, keyFieldCounts: filledIn(760) }), previous, someChanges)).toEqual([]);
  });

  it('cannot judge fill rates against a previous file whose key fields were never counted', () => {
    expect(
      qaFlags(current({ keyFieldCounts: filledIn(0) }), { records: 1000, keyFieldCounts: null }, someChanges),
    ).toEqual([]);
  });

  it('flags a file in which not a single parcel was added, removed or changed', () => {
    expect(qaFlags(current(), previous, { added: 0, removed: 0, changed: 0 })).toEqual(['unchanged']);
  });

  it('flags more than 1 % invalid values of records × columns, and not exactly 1 %', () => {
    expect(qaFlags(current({ invalidValueCount: 101 }), previous, someChanges)).toEqual(['invalid_values']);
    expect(qaFlags(current({ invalidValueCount: 100 }), previous, someChanges)).toEqual([]);
  });

  it('judges only invalid values in a first release', () => {
    const poor = current({ records: 1, keyFieldCounts: filledIn(0), invalidValueCount: 5 });
    expect(qaFlags(poor, null, null)).toEqual(['invalid_values']);
    expect(qaFlags(current({ records: 1, keyFieldCounts: filledIn(0) }), null, null)).toEqual([]);
  });

  it('lists several flags in the order QA_FLAGS names them', () => {
    const bad = current({ records: 500, keyFieldCounts: filledIn(100), invalidValueCount: 1000 });
    expect(qaFlags(bad, previous, { added: 0, removed: 0, changed: 0 })).toEqual([
      'records_down',
      'fill_rate_down',
      'unchanged',
      'invalid_values',
    ]);
  });
});
