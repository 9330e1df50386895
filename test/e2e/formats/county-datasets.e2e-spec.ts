import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseCsv } from '../../../src/common/csv';
import { DatasetStorage } from '../../../src/integrations/storage/dataset-storage';
import { CountiesRepository } from '../../../src/modules/counties/counties.repository';
import { CountyDatasetsRepository } from '../../../src/modules/releases/files/county-datasets.repository';
import { CountyDatasetsService } from '../../../src/modules/releases/files/county-datasets.service';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { DATA_FIELDS } from '../../../src/modules/data-schema/data-schema';
import { generateCountyDataset, MIN_RECORDS } from '../../../src/dev/synthetic-data/synthetic-dataset';
import { useTestApp } from '../../support/test-app';

const baltimore = { fips: '24510', name: 'Baltimore City', stateCode: 'MD', population: 593_490 };

describe('County datasets', () => {
  const context = useTestApp();

  it('generates the same bytes for the same county and release, and different ones for another release', () => {
    const a = generateCountyDataset(baltimore, '2026-11');
    expect(generateCountyDataset(baltimore, '2026-11').bytes.equals(a.bytes)).toBe(true);
    expect(generateCountyDataset(baltimore, '2026-12').bytes.equals(a.bytes)).toBe(false);
  });

  it('writes a gzip CSV whose header is the schema and whose rows scale with population', () => {
    const { bytes, records } = generateCountyDataset(baltimore, '2026-11');
    const [header, ...rows] = parseCsv(gunzipSync(bytes).toString('utf8').trimEnd());
    expect(header).toEqual(DATA_FIELDS.map((f) => f.name));
    // About one parcel per 1,000 residents: a few slots are empty in any month (synthetic-parcels.ts).
    expect(records).toBeGreaterThan(593 * 0.97);
    expect(records).toBeLessThanOrEqual(593);
    expect(rows).toHaveLength(records);
    expect(rows.every((row) => row.length === DATA_FIELDS.length)).toBe(true);
    const column = (name: string) => header.indexOf(name);
    expect(rows.every((row) => row[column('county_fips')] === '24510' && row[column('parcel_id')] !== '')).toBe(true);
    // Parcel numbers keep their leading zeros.
    expect(rows.some((row) => row[column('parcel_id')].startsWith('0'))).toBe(true);
    expect(generateCountyDataset({ ...baltimore, population: null }, '2026-11').records).toBeLessThanOrEqual(
      MIN_RECORDS,
    );
  });

  it('stores a release once and records its size, checksum and record count', async () => {
    const service = context.store.app.get(CountyDatasetsService);
    const [county] = await context.store.db.query(`SELECT id, fips FROM counties WHERE fips = '24510'`);
    const release = releaseOf(new Date('2026-11-22T12:00:00Z'));
    expect(release).toBe('2026-11');
    const [first, second] = await Promise.all([
      service.ensureRelease(county.id, release),
      service.ensureRelease(county.id, release),
    ]);
    expect(second).toEqual(first);
    const file = readFileSync(join(context.environment.env.DATA_DIR, first.storageKey));
    expect(first).toMatchObject({
      release: '2026-11',
      kind: 'full',
      records: generateCountyDataset(baltimore, '2026-11').records,
      bytes: file.length,
    });
    expect(first.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    const [{ n }] = await context.store.db.query(
      `SELECT count(*)::int AS n FROM county_datasets WHERE county_id = $1`,
      [county.id],
    );
    expect(n).toBe(1);
  });

  it('makes the generated release of the month current for a county without uploads, generating it once', async () => {
    const service = context.store.app.get(CountyDatasetsService);
    // A small county (Loving, Texas): what is proved is "once", not how big a file the generator writes.
    const [county] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '48301'`);
    const at = new Date('2026-08-05T10:00:00Z');
    const [first, again] = await Promise.all([
      service.currentDataset(county.id, at),
      service.currentDataset(county.id, at),
    ]);
    expect(first).toMatchObject({ countyId: county.id, release: '2026-08', source: 'generated' });
    expect(again).toEqual(first);
    expect(await service.currentReleases([{ countyId: county.id, at: new Date('2026-09-01T00:00:00Z') }])).toEqual([
      { release: '2026-09', source: 'generated' },
    ]);
  });

  it('has no current file for a county without uploads when the generator is off, and generates nothing', async () => {
    // As in production, where the store has no generator.
    const withoutGenerator = new CountyDatasetsService(
      context.store.app.get(CountyDatasetsRepository),
      context.store.app.get(DatasetStorage),
      context.store.app.get(CountiesRepository),
      null,
    );
    const [county] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '17031'`);
    expect(await withoutGenerator.currentDataset(county.id, new Date())).toBeNull();
    const [{ n }] = await context.store.db.query(
      `SELECT count(*)::int AS n FROM county_datasets WHERE county_id = $1`,
      [county.id],
    );
    expect(n).toBe(0);
  });
});
