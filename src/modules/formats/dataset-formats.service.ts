import { Injectable, Logger } from '@nestjs/common';
import { promptly } from '../../integrations/queue/add-job-promptly';
import { InjectJobQueue, JobQueue, JobRequest } from '../../integrations/queue/jobs';
import { CONVERTED_FORMATS, ConvertedFormat, DatasetFormat } from '../../contracts/dataset-formats';
import { CountyDataset, CountyDatasetsService } from '../releases';
import { DatasetConversionsRepository, FormatStatus, PendingConversion } from './dataset-conversions.repository';
import {
  conversionJobId,
  FORMATS_QUEUE,
  FORMATS_SWEEP_DAYS,
  FORMATS_SWEEP_EVERY_MS,
  FormatsJob,
  RETRY_FAILED_AFTER_MS,
} from './formats.constants';

/** Jobs added to Redis at once when a whole release is queued. */
const BULK = 500;

/** A county file in a format: made (the file), or being prepared (queued, running, or failed and to be retried). */
export type FormatAvailability =
  { state: 'ready'; file: CountyDataset } | { state: 'preparing'; conversion: PendingConversion | null };

/**
 * The formats of county files, the API's side: which are made, and queueing the rest. The worker
 * converts (FormatConversionService). Job ids name the CSV, its content and the format, so however
 * many buyers ask, and however often publishing is retried, each file is converted once.
 */
@Injectable()
export class DatasetFormatsService {
  private readonly logger = new Logger('DatasetFormats');

  constructor(
    private readonly datasets: CountyDatasetsService,
    private readonly conversions: DatasetConversionsRepository,
    @InjectJobQueue(FORMATS_QUEUE) private readonly queue: JobQueue<typeof FORMATS_QUEUE>,
  ) {}

  /**
   * The CSV's file in a format, or (not made yet) its conversion queued: a buyer's first request
   * for an older file, a change file or a generated stand-in. A conversion that failed for good is
   * queued again once RETRY_FAILED_AFTER_MS has passed since.
   */
  async availability(source: CountyDataset, format: DatasetFormat): Promise<FormatAvailability> {
    const file = await this.datasets.converted(source, format);
    if (file) return { state: 'ready', file };
    const converted = format as ConvertedFormat;
    const pending = await this.conversions.find(source.id, converted);
    const retry = pending?.state === 'failed' && Date.now() - pending.updatedAt.getTime() > RETRY_FAILED_AFTER_MS;
    // Queued even when marked queued already: a job lost with its Redis is added again (a duplicate id is ignored).
    if (pending?.state !== 'failed' || retry) {
      // Redis down: the buyer is still told it is being prepared; their next request queues it again.
      await this.queue_([{ source, format: converted }], retry).catch((error) =>
        this.logNotQueued(`${source.storageKey} (${format})`, error),
      );
    }
    return { state: 'preparing', conversion: await this.conversions.find(source.id, converted) };
  }

  /** Queues every format of a release's published full files (after publishing); failures are logged, the sweep retries. */
  async queueRelease(releaseId: string): Promise<number> {
    const files = await this.datasets.publishedFullFiles(releaseId);
    const wanted = files.flatMap((source) => CONVERTED_FORMATS.map((format) => ({ source, format })));
    await this.queue_(wanted, false);
    return wanted.length;
  }

  /** Queues the conversions recent releases still lack with none pending: what a publish could not queue. */
  async sweep(): Promise<string> {
    const since = new Date(Date.now() - FORMATS_SWEEP_DAYS * 24 * 3600_000);
    const pending = (await this.conversions.all()).map(({ datasetId, format, sourceSha256 }) => ({
      datasetId,
      format,
      sha256: sourceSha256,
    }));
    const missing = await this.datasets.publishedLackingFormats(since, CONVERTED_FORMATS, pending);
    await this.queue_(
      missing.map(({ dataset, format }) => ({ source: dataset, format })),
      false,
    );
    return `${missing.length} conversions queued`;
  }

  /** Where each converted format of these CSVs stands, by CSV id (for staff's QA rows). */
  async statusOf(datasetIds: string[]): Promise<Map<string, FormatStatus[]>> {
    const found = new Map<string, FormatStatus[]>(datasetIds.map((id) => [id, []]));
    const sources = await this.datasets.findByIds(datasetIds);
    const [made, conversions] = await Promise.all([
      this.datasets.convertedOf(sources),
      this.conversions.ofDatasets(datasetIds),
    ]);
    const conversionOf = new Map(conversions.map((c) => [`${c.datasetId}/${c.format}`, c]));
    for (const source of sources) {
      for (const format of CONVERTED_FORMATS) {
        const file = made.get(source.id)?.find((converted) => converted.format === format);
        const conversion = conversionOf.get(`${source.id}/${format}`);
        // A conversion of an earlier version of the CSV (corrected since) is not this file's.
        const current = conversion?.sourceSha256 === source.sha256 ? conversion : undefined;
        found.get(source.id)!.push({
          datasetId: source.id,
          format,
          state: file ? 'ready' : (current?.state ?? 'none'),
          bytes: file?.bytes ?? null,
          attempts: conversion?.attempts ?? 0,
          error: file ? null : (current?.error ?? null),
          updatedAt: file?.createdAt ?? conversion?.updatedAt ?? null,
        });
      }
    }
    return found;
  }

  /** One schedule in Redis, however many workers ask for it. */
  async scheduleSweep(): Promise<void> {
    await this.queue.upsertJobScheduler(
      FormatsJob.sweep,
      { every: FORMATS_SWEEP_EVERY_MS },
      { name: FormatsJob.sweep, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  /**
   * Records the conversions as queued, then adds their jobs. A job that exists already is left as it
   * is (BullMQ ignores a duplicate id), but a failed one is retried when `retryFailed`.
   */
  private async queue_(wanted: { source: CountyDataset; format: ConvertedFormat }[], retryFailed: boolean) {
    for (let at = 0; at < wanted.length; at += BULK) {
      const batch = wanted.slice(at, at + BULK);
      await this.conversions.markQueued(
        batch.map(({ source, format }) => ({ datasetId: source.id, sha256: source.sha256, format })),
        retryFailed,
      );
      const jobs = batch.map(({ source, format }) => ({
        name: FormatsJob.convert,
        data: { datasetId: source.id, format },
        opts: { jobId: conversionJobId(source.id, source.sha256, format) },
      }));
      await promptly(this.addOrRetry(jobs, retryFailed), FORMATS_QUEUE);
    }
  }

  private async addOrRetry(
    jobs: (JobRequest<typeof FORMATS_QUEUE> & { opts: { jobId: string } })[],
    retryFailed: boolean,
  ): Promise<void> {
    if (retryFailed) {
      for (const { opts } of jobs) {
        const job = await this.queue.getJob(opts.jobId);
        if (job && (await job.isFailed())) await job.retry('failed');
      }
    }
    await this.queue.addBulk(jobs);
  }

  /** For the log: why conversions were not queued (the sweep queues them later). */
  private logNotQueued(what: string, error: unknown): void {
    this.logger.warn(`Conversions of ${what} not queued: ${(error as Error).message}`);
  }
}
