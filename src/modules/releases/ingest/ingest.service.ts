import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { storageConfig } from '../../../config';
import { GdalError } from '../../../integrations/gdal/ogr2ogr';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { CountiesRepository } from '../../counties';
import { CountyDatasetsRepository } from '../files/county-datasets.repository';
import { unzippedTooLarge } from '../../data-schema';
import { CsvFormatError } from '../../data-schema';
import { ReleasesQueue } from '../releases-queue.service';
import { ReleasesRepository } from '../releases.repository';
import { readGisSource } from './gis-reader';
import { GIS_FILE_NAMES, GisKind, GisSourceRefused, openGisSource, SourceFormat } from './gis-source';
import { IngestJobsRepository, IngestJobWork } from './ingest-jobs.repository';
import { ShapeRepair } from './shape-repair';
import { UNZIP_CHUNK_BYTES } from './source-inspector';
import { SourceSplitter, SplitCounty, SplitMode } from './source-splitter';

/** How often a running job's progress is written to its row, for staff watching it. */
const PROGRESS_EVERY_MS = 1000;
/** A job queued this long ago may have missed its queueing (Redis was down): the sweep queues it. */
export const INGEST_REQUEUE_AFTER_MS = 60_000;

/**
 * The release county file a county's split file becomes: a key of the job's own, so that two
 * jobs covering one county (a national file and a corrected county file, or two workers) never
 * write the same object, and the bytes stored under a recorded key are always the bytes recorded.
 */
export const countyFileKey = (month: string, fips: string, jobId: string) =>
  `releases/${month}/counties/${fips}.${jobId}.csv.gz`;

/** Where each GIS format's file comes from: what its first bytes said it was. */
const GIS_KIND_OF: Record<Exclude<SourceFormat, 'csv'>, GisKind> = {
  geopackage: 'geopackage',
  shapefile: 'zip',
  filegdb: 'zip',
  geojson: 'json',
  geojsonseq: 'json',
};

/** A problem of the file itself or of the release: running the job again would not help. */
export class IngestRefused extends Error {
  override name = 'IngestRefused';
}

export type IngestOutcome =
  { done: 'completed' | 'failed' | 'skipped'; message: string } | { done: 'retry'; error: Error };

/**
 * The worker's side of a release ingest: reads the staged source file once, splitting it
 * into one gzip CSV per county (see SourceSplitter) in local temporary files, makes the invalid
 * boundaries it set aside valid where it can (ShapeRepair), then stores
 * each as the county's file of the release with its QA row, and queues its comparison. A
 * run starts from the beginning (a rerun after a worker died writes the same keys and rows).
 * A file that cannot be read fails the job before any county file is stored.
 */
@Injectable()
export class IngestService {
  private readonly logger = new Logger('ReleaseIngest');

  constructor(
    private readonly jobs: IngestJobsRepository,
    private readonly releases: ReleasesRepository,
    private readonly datasets: CountyDatasetsRepository,
    private readonly counties: CountiesRepository,
    private readonly storage: DatasetStorage,
    private readonly queue: ReleasesQueue,
    private readonly shapes: ShapeRepair,
    @Inject(storageConfig.KEY) private readonly config: ConfigType<typeof storageConfig>,
  ) {}

  /** `lastAttempt`: no retry follows a passing failure, so it fails the job for good. */
  async run(ingestJobId: string, lastAttempt: boolean): Promise<IngestOutcome> {
    const job = await this.jobs.start(ingestJobId);
    if (!job) return { done: 'skipped', message: `Ingest job ${ingestJobId} is over or unknown; nothing to do` };
    let dir: string | null = null;
    try {
      await this.dropUnrecorded(job.id, job.storingKey);
      // A folder of this run's own, with a name no one can guess or take first (0700).
      dir = await mkdtemp(join(tmpdir(), 'cds-ingest-'));
      const message = await this.ingest(job, dir);
      return { done: 'completed', message };
    } catch (error) {
      const reason: Error = error instanceof Error ? error : new Error(String(error));
      const what = reason.message;
      const refused = error instanceof IngestRefused || error instanceof CsvFormatError;
      if (!refused && !lastAttempt) {
        this.logger.warn(`Ingest job ${job.id} failed (${what}); it will run again`);
        await this.jobs.retrying(job.id, `Run ${job.attempts} failed (${what}); it will run again`);
        return { done: 'retry', error: reason };
      }
      const said = refused ? what : `The ingest failed: ${what}`;
      this.logger.warn(`Ingest job ${job.id} failed: ${said}`);
      await this.jobs.fail(job.id, [said]);
      if (job.stagedKey) await this.storage.delete(job.stagedKey);
      return { done: 'failed', message: said };
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  /** Marks failed a job still queued or running that will not run again, and drops its staged file. */
  async abandon(ingestJobId: string, reason: string): Promise<void> {
    const left = await this.jobs.abandon(ingestJobId, `The ingest failed: ${reason}`);
    if (left?.stagedKey) await this.storage.delete(left.stagedKey);
    if (left?.storingKey) await this.removeUnrecorded(left.storingKey);
  }

  /** Queues the jobs whose queueing may have failed; their job ids keep any already queued from running twice. */
  async requeueStale(): Promise<string> {
    const ids = await this.jobs.queuedBefore(INGEST_REQUEUE_AFTER_MS);
    for (const id of ids) await this.queue.queueIngest(id);
    return `${ids.length} queued ingest job(s) queued again`;
  }

  private async ingest(job: IngestJobWork, dir: string): Promise<string> {
    const release = await this.releases.find(job.releaseId);
    if (!release) throw new IngestRefused('The release of this file no longer exists');
    if (release.status !== 'draft') {
      throw new IngestRefused(`The ${release.month} release is published; releases are immutable once published`);
    }
    const mode = await this.modeOf(job);

    // A GIS source without latitude and longitude gets them from its shapes, as it is split.
    const splitter = new SourceSplitter(mode, dir, { centroidsFromShapes: job.sourceFormat !== 'csv' });
    let bytesRead = 0;
    const progress = () => ({ bytesRead, recordsRead: splitter.recordsRead, countiesFound: splitter.countiesFound });
    const timer = setInterval(() => {
      this.jobs.progress(job.id, progress()).catch(() => undefined);
    }, PROGRESS_EVERY_MS);
    let split: { counties: SplitCounty[]; errors: string[] };
    let leftOut: string[] = [];
    try {
      const count = (bytes: number) => {
        bytesRead += bytes;
      };
      if (job.sourceFormat === 'csv') await this.readCsv(job, splitter, count);
      else leftOut = await this.readGis(job, dir, splitter, count);
      split = splitter.end();
    } finally {
      clearInterval(timer);
    }
    await this.jobs.progress(job.id, progress());

    if ('county' in mode) {
      const own = split.counties[0];
      if (!own || own.records === 0) {
        throw new IngestRefused(
          `No record of the file has this county's FIPS code ${mode.county.fips} in county_fips (${
            own?.foreignFipsRows ?? 0
          } records of other counties); is the file meant for another county?`,
        );
      }
    }
    const counties: SplitCounty[] = [];
    for (const county of split.counties) counties.push(await this.shapes.repair(county));
    for (const county of counties) await this.store(job, release.month, county);
    for (const county of counties) await this.queue.queueCompare(job.releaseId, county.countyId, county.sha256);
    await this.storage.delete(job.stagedKey!);
    await this.jobs.complete(job.id, progress(), [...leftOut, ...split.errors]);
    const summary = `Ingest job ${job.id}: ${splitter.recordsRead} records, ${split.counties.length} counties into the ${release.month} release`;
    this.logger.log(summary);
    return summary;
  }

  /** Feeds the staged CSV (unzipped when gzipped) to the splitter. */
  private async readCsv(job: IngestJobWork, splitter: SourceSplitter, count: (bytes: number) => void): Promise<void> {
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        count(chunk.length);
        done(null, chunk);
      },
    });
    const unzip = job.gzipped ? createGunzip({ chunkSize: UNZIP_CHUNK_BYTES }) : new PassThrough();
    unzip.on('error', (error) => {
      // The staged file was checked whole on arrival; this is a file damaged since, or a disk problem.
      Object.assign(error, { refusedAs: `The file cannot be unzipped (${error.message})` });
    });
    // Checked on arrival too; a file staged before the limit was lowered, or by another path, stops here.
    const maxUnzipped = this.config.releaseFileMaxUnzippedBytes;
    let unzipped = 0;
    // What stopped the reading, when the split did: the streams before it then fail as aborted.
    let splitError: Error | null = null;
    await pipeline(this.storage.read(job.stagedKey!), counted, unzip, async (source: AsyncIterable<Buffer>) => {
      try {
        for await (const chunk of source) {
          unzipped += chunk.length;
          if (unzipped > maxUnzipped) {
            throw new IngestRefused(unzippedTooLarge(maxUnzipped, 'RELEASE_FILE_MAX_UNZIPPED_BYTES').message);
          }
          splitter.push(chunk);
        }
      } catch (error) {
        splitError = error instanceof Error ? error : new Error(String(error));
        throw splitError;
      }
    }).catch((error: Error & { refusedAs?: string }) => {
      if (splitError) throw splitError;
      throw error.refusedAs ? new IngestRefused(error.refusedAs) : error;
    });
  }

  /**
   * Feeds a GIS source to the splitter as CSV: the staged file is copied to the run's folder, checked
   * again (it was on arrival), and read through GDAL. Answers the note of the layer's fields left out.
   */
  private async readGis(
    job: IngestJobWork,
    dir: string,
    splitter: SourceSplitter,
    count: (bytes: number) => void,
  ): Promise<string[]> {
    const kind = GIS_KIND_OF[job.sourceFormat as Exclude<SourceFormat, 'csv'>];
    const file = join(dir, GIS_FILE_NAMES[kind]);
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        count(chunk.length);
        done(null, chunk);
      },
    });
    await pipeline(this.storage.read(job.stagedKey!), counted, createWriteStream(file));
    const timeoutMs = this.config.ogr2ogrTimeoutMs;
    const maxCsv = this.config.releaseFileMaxUnzippedBytes;
    let csvBytes = 0;
    try {
      const source = await openGisSource(file, kind, timeoutMs);
      await readGisSource(
        source,
        (chunk) => {
          csvBytes += chunk.length;
          // The CSV a GIS source becomes is held to the limit of an unzipped CSV source.
          if (csvBytes > maxCsv) {
            throw new IngestRefused(unzippedTooLarge(maxCsv, 'RELEASE_FILE_MAX_UNZIPPED_BYTES').message);
          }
          splitter.push(chunk);
        },
        { timeoutMs },
      );
      return source.leftOut.length > 0
        ? [`Fields of the layer not in the data schema, left out: ${source.leftOut.join(', ')}`]
        : [];
    } catch (error) {
      // What GDAL cannot read now it will not read on a retry either.
      if (error instanceof GisSourceRefused || error instanceof GdalError) throw new IngestRefused(error.message);
      throw error;
    }
  }

  private async modeOf(job: IngestJobWork): Promise<SplitMode> {
    if (job.countyId) {
      const county = await this.counties.findRecord(job.countyId, { includeRemoved: true });
      if (!county) throw new IngestRefused('The county of this file no longer exists');
      return { county: { id: county.id, fips: county.fips } };
    }
    const catalog = await this.counties.listCatalog();
    return { counties: new Map(catalog.map((county) => [county.fips, county.id])) };
  }

  /**
   * Stores a county's file under this job's key and records it with its QA row, while the release
   * is a draft. The file it replaces (another job's, or an earlier upload's) is removed once the
   * record is committed; a file that could not be recorded is removed at once. The job's
   * storing_key names the file in hand at each step, so a run cut short between them leaves no file
   * behind: the next run, or giving the job up, removes it unless a record names it.
   */
  private async store(job: IngestJobWork, month: string, county: SplitCounty): Promise<void> {
    const storageKey = countyFileKey(month, county.fips, job.id);
    // Noted first: a run cut short before the record is made leaves the key for its cleanup.
    await this.jobs.storing(job.id, storageKey);
    await this.storage.putStream(storageKey, createReadStream(county.path));
    let replaced: string | null;
    try {
      replaced = await this.releases.transaction(async (db) => {
        const release = await this.releases.lock(db, job.releaseId);
        if (!release || release.status !== 'draft') {
          throw new IngestRefused(
            `The ${month} release was published while this file was ingested; releases are immutable once published`,
          );
        }
        const previous = await this.datasets.draftFileKey(db, county.countyId, month, 'full');
        const dataset = await this.datasets.recordDraftFile(db, {
          countyId: county.countyId,
          release: month,
          storageKey,
          bytes: county.bytes,
          sha256: county.sha256,
          records: county.records,
          keyFieldCounts: county.keyFieldCounts,
          releaseId: job.releaseId,
          kind: 'full',
        });
        await this.releases.recordChecked(db, {
          releaseId: job.releaseId,
          countyId: county.countyId,
          datasetId: dataset.id,
          records: county.records,
          keyFieldCounts: county.keyFieldCounts,
          invalidValues: county.invalidValues,
          invalidValueCount: county.invalidValueCount,
          foreignFipsRows: county.foreignFipsRows,
          shapeChecks: county.shapeChecks,
        });
        const replacedKey = previous === storageKey ? null : previous;
        // With the record: from now on a run cut short leaves the replaced file to remove, not this one.
        await this.jobs.storing(job.id, replacedKey, db);
        return replacedKey;
      });
    } catch (error) {
      // A rerun may have written the key an earlier run recorded (since published): that one stays.
      await this.removeUnrecorded(storageKey).catch((failure: Error) =>
        this.logger.warn(`${storageKey} was not recorded and could not be removed (${failure.message})`),
      );
      throw error;
    }
    if (replaced) {
      await this.removeUnrecorded(replaced);
      await this.jobs.storing(job.id, null);
    }
  }

  /** A county file a run cut short had stored but not recorded: removed before the job runs again. */
  private async dropUnrecorded(jobId: string, storingKey: string | null): Promise<void> {
    if (!storingKey) return;
    await this.removeUnrecorded(storingKey);
    await this.jobs.storing(jobId, null);
  }

  private async removeUnrecorded(storageKey: string): Promise<void> {
    if (!(await this.datasets.isKeyRecorded(storageKey))) await this.storage.delete(storageKey);
  }
}
