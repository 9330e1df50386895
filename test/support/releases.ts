import type { INestApplicationContext } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { DatasetStorage } from '../../src/integrations/storage/dataset-storage';
import { CountiesRepository } from '../../src/modules/counties';
import { CountyDatasetsRepository } from '../../src/modules/releases/files/county-datasets.repository';
import { ReleasesRepository } from '../../src/modules/releases/releases.repository';
import { ReleasesService } from '../../src/modules/releases/releases.service';
import { DATA_FIELDS } from '../../src/modules/data-schema/data-schema';
import { countKeyFields } from '../../src/modules/data-schema';
import { generateCountyDataset } from '../../src/dev/synthetic-data/synthetic-dataset';

/** One county's files in a release made for a test: its full file, and a change file unless it is its first. */
export interface TestCountyFiles {
  countyId: string;
  /** Omitted for a county's first release (no change file, no counts). */
  changes?: { previousRelease: string; added: number; removed: number; changed: number };
  /** The full file's CSV text, instead of the generated county (its change file, if any, is still made up). */
  csv?: string;
  /** The change file's CSV text, instead of one made up from the counts in `changes` (which it needs). */
  changesCsv?: string;
}

/** What was stored for each county: the bytes buyers should get back. */
export interface StoredRelease {
  releaseId: string;
  files: Map<string, { full: Buffer; records: number; changes: Buffer | null }>;
}

/**
 * A release made through the app's own code, as ingest and comparison leave it: the files stored,
 * recorded as the draft's, their QA rows checked and compared (ready). Published too unless `draft`.
 */
export async function makeRelease(
  app: INestApplicationContext,
  month: string,
  counties: TestCountyFiles[],
  options: { draft?: boolean } = {},
): Promise<StoredRelease> {
  const storage = app.get(DatasetStorage);
  const releases = app.get(ReleasesRepository);
  const datasets = app.get(CountyDatasetsRepository);
  const places = await app.get(CountiesRepository).recordsOf(counties.map((c) => c.countyId));
  const created = await releases.create(month);
  if (!created) throw new Error(`The ${month} release exists already`);
  const files: StoredRelease['files'] = new Map();
  for (const county of counties) {
    const place = places.get(county.countyId)!;
    const full = county.csv ? await ownFile(county.csv) : generateCountyDataset(place, month);
    const fullKey = `counties/${place.fips}/releases/${month}.csv.gz`;
    await storage.put(fullKey, full.bytes);
    const changes = !county.changes
      ? null
      : county.changesCsv
        ? await ownFile(county.changesCsv)
        : changeFile(place.fips, county.changes);
    const changeKey = `counties/${place.fips}/releases/${month}-changes.csv.gz`;
    if (changes) await storage.put(changeKey, changes.bytes);
    await app.get(DataSource).transaction(async (db) => {
      const stored = await datasets.recordDraftFile(db, {
        countyId: county.countyId,
        release: month,
        storageKey: fullKey,
        bytes: full.bytes.length,
        sha256: sha256(full.bytes),
        records: full.records,
        keyFieldCounts: full.keyFieldCounts,
        releaseId: created.id,
        kind: 'full',
      });
      await releases.recordChecked(db, {
        releaseId: created.id,
        countyId: county.countyId,
        datasetId: stored.id,
        records: full.records,
        keyFieldCounts: full.keyFieldCounts,
        invalidValues: {},
        invalidValueCount: 0,
        foreignFipsRows: 0,
      });
      const changeFileRecord = changes
        ? await datasets.recordDraftFile(db, {
            countyId: county.countyId,
            release: month,
            storageKey: changeKey,
            bytes: changes.bytes.length,
            sha256: sha256(changes.bytes),
            records: changes.records,
            keyFieldCounts: full.keyFieldCounts,
            releaseId: created.id,
            kind: 'changes',
          })
        : null;
      const compared = await releases.recordCompared(db, {
        releaseId: created.id,
        countyId: county.countyId,
        datasetId: stored.id,
        changeDatasetId: changeFileRecord?.id ?? null,
        duplicateParcelIds: 0,
        previousRelease: county.changes?.previousRelease ?? null,
        added: county.changes?.added ?? null,
        removed: county.changes?.removed ?? null,
        changed: county.changes?.changed ?? null,
        changedFields: county.changes ? { owner_name: county.changes.changed } : null,
        flags: [],
      });
      if (!compared) throw new Error(`The QA row of ${place.fips} in ${month} was not compared`);
    });
    files.set(county.countyId, { full: full.bytes, records: full.records, changes: changes?.bytes ?? null });
  }
  if (!options.draft) await app.get(ReleasesService).publish(created.id, {}, async () => undefined);
  return { releaseId: created.id, files };
}

/** A county file a test wrote, stored as ingest would: gzip, its records and key fields counted. */
async function ownFile(csv: string) {
  const bytes = gzipSync(csv);
  const records = csv.trim().split('\n').length - 1;
  return { bytes, records, keyFieldCounts: await countKeyFields(Readable.from([bytes])) };
}

/** A small change file: the schema header after a `change` column, one row per change counted. */
function changeFile(
  fips: string,
  counts: { added: number; removed: number; changed: number },
): { bytes: Buffer; records: number } {
  const header = ['change', ...DATA_FIELDS.map((field) => field.name)];
  const row = (change: string, n: number) =>
    header.map((name) =>
      name === 'change' ? change : name === 'parcel_id' ? `${change}-${n}` : name === 'county_fips' ? fips : '',
    );
  const rows = [
    ...Array.from({ length: counts.added }, (_, n) => row('added', n)),
    ...Array.from({ length: counts.removed }, (_, n) => row('removed', n)),
    ...Array.from({ length: counts.changed }, (_, n) => row('changed', n)),
  ];
  const text = [header, ...rows].map((fields) => fields.join(',')).join('\n') + '\n';
  return { bytes: gzipSync(text), records: rows.length };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A month `back` months before now, as YYYY-MM (UTC). */
export function monthsAgo(back: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}
