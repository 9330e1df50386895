import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Request, Response } from 'express';
import { appConfig } from '../../../config';
import { attachmentDisposition } from '../../../integrations/storage/attachment-disposition';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { ParcelLookupService } from '../lookup/parcel-lookup.service';
import type { ParcelBatchDto } from './dto/parcel-batch.dto';
import { ParcelBatchUploads } from './parcel-batch-uploads.service';
import { type ParcelBatch, ParcelBatchesRepository } from './parcel-batches.repository';

/** Batches a list shows: a customer's latest. */
export const LISTED_BATCHES = 50;

export const NO_SUCH_BATCH = 'No batch of yours has this id (batches are deleted 7 days after they are sent)';

/** Where a batch is read: the data API's path (/api/v1/batches) or the dashboard's (/api/parcel-batches). */
export type BatchPath = '/api/v1/batches' | '/api/parcel-batches';

/**
 * A customer's batches as they see them, and their results; another customer's answer as if none
 * existed. Both routes (the data API's and the dashboard's) delegate here. Every answer needs an
 * active County Tracker, as the lookups do: once it ends, the parcel data its batches appended is
 * no longer theirs to read (403).
 */
@Injectable()
export class ParcelBatchesService {
  constructor(
    private readonly lookups: ParcelLookupService,
    private readonly uploads: ParcelBatchUploads,
    private readonly batches: ParcelBatchesRepository,
    private readonly storage: DatasetStorage,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  async send(userId: string, req: Request, fields: string | undefined, path: BatchPath): Promise<ParcelBatchDto> {
    return this.view(await this.uploads.receive(userId, req, fields), path);
  }

  async list(userId: string, path: BatchPath): Promise<ParcelBatchDto[]> {
    await this.lookups.scopeOf(userId);
    return (await this.batches.listOf(userId, LISTED_BATCHES)).map((batch) => this.view(batch, path));
  }

  async one(userId: string, id: string, path: BatchPath): Promise<ParcelBatchDto> {
    return this.view(await this.owned(userId, id), path);
  }

  view(batch: ParcelBatch, path: BatchPath): ParcelBatchDto {
    const self = `${this.app.publicUrl}${path}/${batch.id}`;
    return {
      id: batch.id,
      // Never `receiving` here: such a batch is listed to no one, and answered only once received.
      status: batch.status as ParcelBatchDto['status'],
      rows: batch.rows,
      processed: batch.processed,
      matched: batch.matched,
      fields: batch.fields,
      error: batch.error,
      createdAt: batch.createdAt.toISOString(),
      finishedAt: batch.finishedAt?.toISOString() ?? null,
      expiresAt: batch.expiresAt.toISOString(),
      links: { self, result: batch.status === 'done' ? `${self}/result` : null },
    };
  }

  /**
   * Answers with the result CSV: a redirect to a short-lived presigned URL where the files are in
   * object storage, the file itself where they are local.
   */
  async sendResult(userId: string, id: string, res: Response): Promise<void> {
    const batch = await this.owned(userId, id);
    if (batch.status !== 'done' || !batch.resultKey) {
      throw new ConflictException(
        batch.status === 'failed'
          ? `This batch failed, so it has no result: ${batch.error ?? 'send it again'}`
          : `This batch is ${batch.status} (${batch.processed} of ${batch.rows} rows): its result can be downloaded once it is done`,
      );
    }
    const filename = `parcel-batch-${batch.createdAt.toISOString().slice(0, 10)}-${batch.id.slice(0, 8)}.csv`;
    const contentType = 'text/csv; charset=utf-8';
    // The URL is a bearer credential for minutes: it goes to the client in Location, nowhere else.
    const direct = await this.storage.downloadUrl(batch.resultKey, { filename, contentType });
    if (direct) {
      res.status(302).set({ Location: direct, 'Cache-Control': 'private, no-store' }).end();
      return;
    }
    const size = Number(batch.resultBytes);
    await this.storage.send(batch.resultKey, { start: 0, end: size - 1 }, res, {
      status: 200,
      headers: {
        'Content-Type': contentType,
        'Content-Disposition': attachmentDisposition(filename),
        'Content-Length': String(size),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }

  private async owned(userId: string, id: string): Promise<ParcelBatch> {
    await this.lookups.scopeOf(userId);
    const batch = await this.batches.ofOwner(userId, id);
    if (!batch) throw new NotFoundException(NO_SUCH_BATCH);
    return batch;
  }
}
