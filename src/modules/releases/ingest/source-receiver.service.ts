import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { storageConfig } from '../../../config';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { CountiesRepository } from '../../counties';
import { fileTooLarge } from '../../data-schema';
import { bodyThrough, declaredLengthProblem, discardUnread } from '../../../common/http/upload-body';
import type { IngestJobDto } from '../dto/ingest-job.dto';
import { ReleasesQueue } from '../releases-queue.service';
import { ReleasesRepository } from '../releases.repository';
import { IngestJobsRepository } from './ingest-jobs.repository';
import { GisSourceRefused, openGisSource, SourceFormat } from './gis-source';
import { SourceFacts, SourceInspector } from './source-inspector';

/**
 * Content types a source file may be sent as; what it is (CSV, gzip CSV, GeoPackage, zipped
 * Shapefile or File Geodatabase, GeoJSON) is read from its first bytes, never from this.
 */
export const SOURCE_TYPES = [
  'text/csv',
  'application/gzip',
  'application/x-gzip',
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  'application/geopackage+sqlite3',
  'application/geo+json',
  'application/geo+json-seq',
  'application/json',
];

/** Where a source file waits in storage for the worker; the extension is neutral, the job's source format says which it is. */
export const stagedKeyOf = (month: string, jobId: string) => `releases/${month}/incoming/${jobId}.upload`;

/**
 * The API's side of a release ingest: the source file, checked as it streams in (size,
 * text, header, record lengths and field counts), is staged in storage, and an ingest job
 * is recorded and queued for the worker. A file refused, failing or aborted leaves nothing:
 * no staged object, no job.
 */
@Injectable()
export class SourceReceiver {
  private readonly logger = new Logger('ReleaseIngest');

  constructor(
    private readonly storage: DatasetStorage,
    private readonly releases: ReleasesRepository,
    private readonly counties: CountiesRepository,
    private readonly jobs: IngestJobsRepository,
    private readonly queue: ReleasesQueue,
    @Inject(storageConfig.KEY) private readonly config: ConfigType<typeof storageConfig>,
  ) {}

  async receive(releaseId: string, countyId: string | null, req: IncomingMessage): Promise<IngestJobDto> {
    try {
      return await this.stage(releaseId, countyId, req);
    } catch (error) {
      discardUnread(req);
      throw error;
    }
  }

  /**
   * A file already received whole elsewhere (a resumable upload finished on disk): the same
   * checks, staging, job and queueing as a request body. `size` is what the client declared.
   */
  async receiveFile(releaseId: string, countyId: string | null, body: Readable, size: number): Promise<IngestJobDto> {
    const maxBytes = this.config.releaseFileMaxBytes;
    await this.checkTarget(releaseId, countyId);
    if (size > maxBytes) throw fileTooLarge(maxBytes);
    return this.stageBody(releaseId, countyId, false, (inspector) => {
      body.once('error', (error) => inspector.destroy(error));
      inspector.on('error', () => undefined);
      body.pipe(inspector);
      return inspector;
    });
  }

  /** Refuses, before any byte is read, a release that is not a draft or a county that does not exist. */
  async checkTarget(releaseId: string, countyId: string | null): Promise<void> {
    const release = await this.releases.find(releaseId);
    if (!release) throw new NotFoundException('Release not found');
    if (release.status !== 'draft') {
      throw new ConflictException(`The ${release.month} release is published; releases are immutable once published`);
    }
    if (countyId && !(await this.counties.findRecord(countyId, { includeRemoved: true }))) {
      throw new NotFoundException('County not found');
    }
  }

  async job(id: string): Promise<IngestJobDto> {
    const job = await this.jobs.find(id);
    if (!job) throw new NotFoundException('No ingest job has this id');
    return job;
  }

  private async stage(releaseId: string, countyId: string | null, req: IncomingMessage): Promise<IngestJobDto> {
    await this.checkTarget(releaseId, countyId);
    const gzipDeclared = checkSourceHeaders(req, this.config.releaseFileMaxBytes);
    return this.stageBody(releaseId, countyId, gzipDeclared, (inspector) => bodyThrough(req, inspector));
  }

  private async stageBody(
    releaseId: string,
    countyId: string | null,
    gzipDeclared: boolean,
    through: (inspector: SourceInspector) => SourceInspector,
  ): Promise<IngestJobDto> {
    const release = await this.releases.find(releaseId);
    if (!release) throw new NotFoundException('Release not found');
    const maxBytes = this.config.releaseFileMaxBytes;
    const id = randomUUID();
    const stagedKey = stagedKeyOf(release.month, id);
    // A GIS source is also copied here as it arrives, for GDAL to check once it is whole.
    const spoolDir = await mkdtemp(join(tmpdir(), 'cds-source-'));
    let facts: SourceFacts;
    let format: SourceFormat = 'csv';
    let records: number;
    try {
      const inspector = new SourceInspector({
        maxBytes,
        maxUnzippedBytes: this.config.releaseFileMaxUnzippedBytes,
        gzipDeclared,
        spoolDir,
      });
      await this.storage.putStream(stagedKey, through(inspector));
      facts = inspector.facts();
      records = facts.records;
      try {
        if (facts.spooled) {
          const gis = await openGisSource(
            facts.spooled,
            facts.kind as 'geopackage' | 'zip' | 'json',
            this.config.ogr2ogrTimeoutMs,
          );
          format = gis.format;
          records = gis.layer.featureCount;
        }
        await this.jobs.create({
          id,
          releaseId,
          countyId,
          stagedKey,
          stagedBytes: facts.bytes,
          gzipped: facts.gzipped,
          sourceFormat: format,
        });
      } catch (error) {
        await this.storage.delete(stagedKey);
        throw error instanceof GisSourceRefused ? new BadRequestException(error.message) : error;
      }
    } finally {
      await rm(spoolDir, { recursive: true, force: true });
    }
    // Queued or not, the job is recorded: the worker's sweep queues jobs whose queueing failed.
    await this.queue.queueIngest(id).catch((error: Error) => {
      this.logger.warn(`Ingest job ${id} recorded but not queued (${error.message}); the sweep will queue it`);
    });
    this.logger.log(
      `Release ${release.month}: source file staged for ingest job ${id} (${format}, ${facts.bytes} bytes, ${records} records${
        countyId ? `, county ${countyId}` : ', split by county_fips'
      })`,
    );
    return this.job(id);
  }
}

/**
 * Refuses, before reading any of it, a body of another content type, another content
 * encoding, or a declared size past the limit. Answers whether it is declared gzip.
 */
function checkSourceHeaders(req: IncomingMessage, maxBytes: number): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!SOURCE_TYPES.includes(type)) {
    throw new UnsupportedMediaTypeException(
      `A GIS source (GeoPackage, zipped Shapefile or File Geodatabase, GeoJSON) may be sent as application/octet-stream or its own type. Send the file (CSV, or gzip-compressed CSV) as the request body with Content-Type text/csv or application/gzip${
        type ? `; this request's is ${type}` : '; this request has none'
      }`,
    );
  }
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip') {
    throw new UnsupportedMediaTypeException(
      `Send the file as it is, or gzip-compressed with Content-Encoding: gzip; this request's Content-Encoding is ${encoding}`,
    );
  }
  const declared = declaredLengthProblem(req, maxBytes);
  if (declared === 'not-a-number') throw new BadRequestException('Content-Length must be a number of bytes');
  if (declared === 'too-large') throw fileTooLarge(maxBytes);
  return encoding === 'gzip';
}
