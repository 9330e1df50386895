import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { bodyThrough, declaredLengthProblem, discardUnread } from '../../../common/http/upload-body';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { ParcelLookupService } from '../lookup/parcel-lookup.service';
import { batchFieldsOf } from './batch-csv';
import { batchTooLarge, BatchUploadInspector } from './batch-upload-inspector';
import { ParcelBatchQueue } from './parcel-batch-queue.service';
import {
  BATCH_KEPT_DAYS,
  inputKeyOf,
  MAX_ACTIVE_BATCHES,
  MAX_BATCH_BYTES,
  MAX_KEPT_BATCHES,
} from './parcel-batches.constants';
import { type ParcelBatch, ParcelBatchesRepository } from './parcel-batches.repository';

const CSV_TYPES = ['text/csv', 'application/csv'];
/** Seconds a customer with MAX_ACTIVE_BATCHES under way is told to wait: a batch takes about a minute. */
const ACTIVE_RETRY_SECONDS = 60;

/** 429 with the seconds to wait, which receive() sends as Retry-After. */
export class TooManyBatches extends HttpException {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Receives a batch: its row is written first (`receiving`, seen by no one), then the request
 * body, a CSV, is checked as it streams into storage (see BatchUploadInspector), and the batch is
 * queued for the worker. A refused, failed or aborted upload leaves nothing behind: no file, no
 * row; one the API died during is removed, file and row, by the sweep.
 */
@Injectable()
export class ParcelBatchUploads {
  constructor(
    private readonly lookups: ParcelLookupService,
    private readonly batches: ParcelBatchesRepository,
    private readonly storage: DatasetStorage,
    private readonly queue: ParcelBatchQueue,
  ) {}

  async receive(userId: string, req: Request, fieldList: string | undefined): Promise<ParcelBatch> {
    let batch: ParcelBatch;
    try {
      batch = await this.store(userId, req, fieldList);
    } catch (error) {
      discardUnread(req);
      if (error instanceof TooManyBatches) req.res?.setHeader('Retry-After', String(error.retryAfter));
      throw error;
    }
    await this.queue.enqueue(batch.id);
    return batch;
  }

  private async store(userId: string, req: IncomingMessage, fieldList: string | undefined): Promise<ParcelBatch> {
    // Who may first (403), then what was asked (400), then the body's headers (415, 413), then whether
    // there is room for another batch (429): nothing of the body is read before.
    await this.lookups.scopeOf(userId);
    const fields = batchFieldsOf(fieldList);
    checkBodyHeaders(req);
    await this.checkRoom(userId);
    const id = randomUUID();
    const inputKey = inputKeyOf(id);
    const inspector = new BatchUploadInspector();
    await this.batches.receiving({ id, userId, fields, inputKey, keptDays: BATCH_KEPT_DAYS });
    try {
      await this.storage.putStream(inputKey, bodyThrough(req, inspector));
      const { bytes, rows } = inspector.facts();
      return await this.batches.received(id, { rows, inputBytes: bytes });
    } catch (error) {
      await this.storage.delete(inputKey);
      await this.batches.remove([id]);
      throw error;
    }
  }

  /** Refuses (429) a customer's batch past their batches under way or kept: one customer cannot fill the queue or the storage. */
  private async checkRoom(userId: string): Promise<void> {
    const { active, kept, oldestExpiry } = await this.batches.countsOf(userId);
    if (active >= MAX_ACTIVE_BATCHES) {
      throw new TooManyBatches(
        `You have ${active} batches queued or running, the most one customer may have at once: ` +
          'send this one when one of them is done (GET the batch list to follow them)',
        ACTIVE_RETRY_SECONDS,
      );
    }
    if (kept >= MAX_KEPT_BATCHES) {
      const wait = Math.max(1, Math.ceil(((oldestExpiry?.getTime() ?? Date.now()) - Date.now()) / 1000));
      throw new TooManyBatches(
        `You have sent ${kept} batches in the last ${BATCH_KEPT_DAYS} days, the most one customer may keep: ` +
          `a batch is deleted ${BATCH_KEPT_DAYS} days after it is sent, and the next one in ${Math.ceil(wait / 3600)} hours (Retry-After)`,
        wait,
      );
    }
  }
}

/** Refuses, before reading any of it, a body that is not CSV or says it is too large. */
function checkBodyHeaders(req: IncomingMessage): void {
  const [type, ...params] = (req.headers['content-type'] ?? '').split(';').map((part) => part.trim().toLowerCase());
  if (!CSV_TYPES.includes(type)) {
    throw new UnsupportedMediaTypeException(
      `Send the batch as a CSV request body with Content-Type: text/csv${
        type ? `; this request's is ${type}` : '; this request has none'
      }`,
    );
  }
  const charset = params
    .find((param) => param.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new UnsupportedMediaTypeException(`Send the CSV in UTF-8 (charset=utf-8); this request's is ${charset}`);
  }
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') {
    throw new UnsupportedMediaTypeException(
      `Send the CSV as it is, without Content-Encoding; this request's is ${encoding}`,
    );
  }
  const declared = declaredLengthProblem(req, MAX_BATCH_BYTES);
  if (declared === 'not-a-number') throw new BadRequestException('Content-Length must be a number of bytes');
  if (declared === 'too-large') throw batchTooLarge();
}
