import { gunzipSync } from 'node:zlib';
import { parseCsv } from '../../common/csv';
import { DATA_FIELDS } from '../../modules/data-schema/data-schema';
import {
  countyRecords,
  DATASET_COLUMNS,
  generateCountyDataset,
  MIN_RECORDS,
  MOVING_COLUMNS,
  recordCountFor,
} from './synthetic-dataset';

const baltimore = { fips: '24510', name: 'Baltimore City', stateCode: 'MD', population: 593_490 };
const SLOTS = 3000;

/** A county's records in a month by parcel number. */
const byParcel = (month: string) =>
  new Map([...countyRecords(baltimore, month, { recordsPerCounty: SLOTS })].map((r) => [r[0], r]));

describe('synthetic county files month after month', () => {
  it('gives the same bytes for the same county and month, and different ones for the next month', () => {
    const a = generateCountyDataset(baltimore, '2026-11');
    expect(generateCountyDataset(baltimore, '2026-11').bytes.equals(a.bytes)).toBe(true);
    expect(generateCountyDataset(baltimore, '2026-12').bytes.equals(a.bytes)).toBe(false);
  });

  it('keeps about one record per 1,000 residents (97 to 100 % of it) in any month', () => {
    for (const month of ['1999-01', '2026-11', '2030-05']) {
      const { bytes, records } = generateCountyDataset(baltimore, month);
      expect(records).toBeGreaterThanOrEqual(Math.floor(recordCountFor(baltimore.population) * 0.97));
      expect(records).toBeLessThanOrEqual(recordCountFor(baltimore.population));
      expect(parseCsv(gunzipSync(bytes).toString('utf8').trimEnd())).toHaveLength(records + 1);
    }
    const tiny = generateCountyDataset({ ...baltimore, population: null }, '2026-11').records;
    expect(tiny).toBeGreaterThan(MIN_RECORDS * 0.8);
    expect(tiny).toBeLessThanOrEqual(MIN_RECORDS);
  });

  it('moves only the columns a sale, a change of address, a permit or a reassessment moves, all of them named in the schema', () => {
    const names = new Set(DATA_FIELDS.map((f) => f.name));
    expect([...MOVING_COLUMNS].filter((name) => !names.has(name))).toEqual([]);
  });

  it.each([
    ['2026-11', '2026-12'],
    ['2026-12', '2027-01'],
  ])(
    'from %s to %s adds and removes 0.5 to 2.5 % of parcels, changes 2.5 to 7 %, and leaves the rest byte for byte',
    (from, to) => {
      const before = byParcel(from);
      const after = byParcel(to);
      const added = [...after.keys()].filter((id) => !before.has(id));
      const removed = [...before.keys()].filter((id) => !after.has(id));
      const changed = [...after.entries()].filter(([id, r]) => before.has(id) && before.get(id)!.join() !== r.join());
      for (const count of [added.length, removed.length]) {
        expect(count).toBeGreaterThan(SLOTS * 0.005);
        expect(count).toBeLessThan(SLOTS * 0.025);
      }
      expect(changed.length).toBeGreaterThan(SLOTS * 0.025);
      expect(changed.length).toBeLessThan(SLOTS * 0.07);

      // What moved, over all changed parcels: only moving columns, and among them sales, owners and values.
      const moved = new Map<string, number>();
      for (const [id, record] of changed) {
        const old = before.get(id)!;
        record.forEach((value, i) => {
          if (value !== old[i]) moved.set(DATASET_COLUMNS[i], (moved.get(DATASET_COLUMNS[i]) ?? 0) + 1);
        });
      }
      expect([...moved.keys()].filter((name) => !MOVING_COLUMNS.has(name))).toEqual([]);
      for (const column of [
        'last_sale_date',
        'last_sale_price',
        'owner_name',
        'mail_address',
        'assessed_total_value',
      ]) {
        expect({ column, moved: (moved.get(column) ?? 0) > 0 }).toEqual({ column, moved: true });
      }
      // Counties number their parcels differently: new numbers are new, never a removed one back.
      expect(added.filter((id) => removed.includes(id))).toEqual([]);
    },
  );

  it('never brings a removed parcel back in later months', () => {
    const months = ['2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02'];
    const files = months.map(byParcel);
    const returned: string[] = [];
    files.forEach((file, i) => {
      if (i === 0) return;
      const gone = [...files[i - 1].keys()].filter((id) => !file.has(id));
      for (const later of files.slice(i + 1)) returned.push(...gone.filter((id) => later.has(id)));
    });
    expect(returned).toEqual([]);
  });
});
