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
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DataSource, EntityManager } from 'typeorm';
import { storageConfig } from '../../../config';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { CountiesRepository } from '../../counties';
import { DomainEvents } from '../../events';
import { CountyDataset, CountyDatasetsService } from './county-datasets.service';
import { CountyFileInspector, fileTooLarge } from '../../data-schema';
import { bodyThrough, declaredLengthProblem, discardUnread } from '../../../common/http/upload-body';

export const GZIP_TYPES = ['application/gzip', 'application/x-gzip'];

/** What an upload changed, for the caller to record (the audit log) in the same transaction. */
export type UploadRecorder = (
  db: EntityManager,
  change: { before: CountyDataset | null; after: CountyDataset },
) => Promise<void>;

/**
 * Staff uploads of county files: the request body, a gzip CSV, is checked as it streams
 * into storage (see CountyFileInspector), then recorded as the county's release. Nothing
 * is kept of an upload that is refused, fails or is aborted: no file, no row.
 */
@Injectable()
export class DatasetUploadsService {
  private readonly logger = new Logger('DatasetUploads');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: DatasetStorage,
    private readonly counties: CountiesRepository,
    private readonly datasets: CountyDatasetsService,
    private readonly events: DomainEvents,
    @Inject(storageConfig.KEY) private readonly config: ConfigType<typeof storageConfig>,
  ) {}

  async upload(
    countyId: string,
    release: string,
    req: IncomingMessage,
    record: UploadRecorder,
  ): Promise<CountyDataset> {
    try {
      return await this.receive(countyId, release, req, record);
    } catch (error) {
      discardUnread(req);
      throw error;
    }
  }

  private async receive(
    countyId: string,
    release: string,
    req: IncomingMessage,
    record: UploadRecorder,
  ): Promise<CountyDataset> {
    // Removed counties too: their subscribers keep downloading, and a correction must reach them.
    const county = await this.counties.findRecord(countyId, { includeRemoved: true });
    if (!county) throw new NotFoundException('County not found');
    checkBodyHeaders(req, this.config.uploadMaxBytes);

    const inspector = new CountyFileInspector({ maxBytes: this.config.uploadMaxBytes, fips: county.fips });
    // A new key per upload: a download of the file this one replaces goes on undisturbed.
    const storageKey = `counties/${county.fips}/${release}-upload-${randomUUID()}.csv.gz`;
    await this.storage.putStream(storageKey, bodyThrough(req, inspector));
    const facts = inspector.facts();
    try {
      const dataset = await this.db.transaction(async (db) => {
        const change = await this.datasets.recordUpload(db, { countyId, release, storageKey, ...facts });
        if (!change) {
          throw new ConflictException(
            `The ${release} release is a draft: send its files to POST /api/admin/releases/{id}/files, and publish it`,
          );
        }
        await record(db, change);
        // Published at once: the county's Trackers are told, and its formats made, as for a release.
        await this.events.raise(db, 'release.published', {
          releaseId: change.releaseId,
          month: release,
          countyIds: [countyId],
        });
        return change.after;
      });
      await this.events.relay();
      this.logger.log(
        `County ${county.fips} release ${release} uploaded: ${facts.records} records, ${facts.bytes} bytes`,
      );
      return dataset;
    } catch (error) {
      await this.storage.delete(storageKey);
      throw error;
    }
  }
}

/** Refuses, before reading any of it, a body that is not a gzip file or says it is too large. */
function checkBodyHeaders(req: IncomingMessage, maxBytes: number): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!GZIP_TYPES.includes(type)) {
    throw new UnsupportedMediaTypeException(
      `Send the county file (a gzip-compressed CSV, .csv.gz) as the request body with Content-Type: application/gzip${
        type ? `; this request's is ${type}` : '; this request has none'
      }`,
    );
  }
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') {
    throw new UnsupportedMediaTypeException(
      `Send the .csv.gz file as it is, without Content-Encoding; this request's is ${encoding}`,
    );
  }
  const declared = declaredLengthProblem(req, maxBytes);
  if (declared === 'not-a-number') throw new BadRequestException('Content-Length must be a number of bytes');
  if (declared === 'too-large') throw fileTooLarge(maxBytes);
}
