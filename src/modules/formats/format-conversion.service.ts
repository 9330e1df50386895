import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { storageConfig } from '../../config';
import { ConvertedFormat, formatInfo } from '../../contracts/dataset-formats';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { digestingStream } from '../../integrations/storage/digesting-stream';
import { CountyDatasetsService } from '../releases';
import { convertCountyFile } from './converters';
import { DatasetConversionsRepository } from './dataset-conversions.repository';

/** Larger chunks than zlib's 16 KiB: fewer, cheaper rounds through the CSV reader. */
const GUNZIP_CHUNK = 256 * 1024;

/** Where a converted file is stored: beside its CSV, under the CSV's key with the format's extension. */
export function convertedKey(csvKey: string, format: ConvertedFormat): string {
  return `${csvKey.replace(/\.csv\.gz$/, '')}${formatInfo(format).extension}`;
}

/** Streams `source` into `into`, passing a failure of either on (pipe() alone would not). */
function piped<T extends NodeJS.WritableStream & Readable>(source: Readable, into: T): T {
  source.on('error', (error) => into.destroy(error));
  return source.pipe(into);
}

/**
 * The worker's side of formats: converts a county CSV to a format in a temporary folder, streams the
 * result into storage (readers never see half a file), and only then records it in county_datasets.
 * A failed attempt is recorded for staff and logged, and thrown, so BullMQ tries again with backoff.
 */
@Injectable()
export class FormatConversionService {
  private readonly logger = new Logger('FormatConversion');

  constructor(
    private readonly datasets: CountyDatasetsService,
    private readonly conversions: DatasetConversionsRepository,
    private readonly storage: DatasetStorage,
    @Inject(storageConfig.KEY) private readonly config: ConfigType<typeof storageConfig>,
  ) {}

  async convert(
    datasetId: string,
    format: ConvertedFormat,
    attempt: { number: number; last: boolean } = { number: 1, last: true },
  ): Promise<string> {
    const source = await this.datasets.findById(datasetId);
    if (!source || source.format !== 'csv') {
      return `County file ${datasetId} is gone or not a CSV: nothing to convert`;
    }
    if (await this.datasets.converted(source, format)) {
      await this.conversions.clear(source.id, format);
      return `The ${format} of ${source.storageKey} is made already`;
    }
    await this.conversions.markRunning(source.id, source.sha256, format, attempt.number);
    const started = Date.now();
    const dir = await mkdtemp(join(tmpdir(), 'cds-convert-'));
    try {
      const csv = piped(this.storage.read(source.storageKey), createGunzip({ chunkSize: GUNZIP_CHUNK }));
      const { path, normalized } = await convertCountyFile(format, csv, dir, source.kind, {
        ogr2ogrTimeoutMs: this.config.ogr2ogrTimeoutMs,
      });
      if (normalized.records !== source.records) {
        this.logger.warn(`${source.storageKey}: ${normalized.records} records read, ${source.records} recorded`);
      }
      const storageKey = convertedKey(source.storageKey, format);
      const digest = digestingStream();
      await this.storage.putStream(storageKey, piped(createReadStream(path), digest.stream));
      const { bytes, sha256 } = digest.digest();
      const recorded = await this.datasets.recordConverted({ source, format, storageKey, bytes, sha256 });
      await this.conversions.clear(source.id, format);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = recorded
        ? `${storageKey}: ${bytes} bytes, ${normalized.records} records, ${normalized.invalidValues} invalid values as null, ${seconds} s`
        : `${storageKey} made, but its CSV was corrected meanwhile: not recorded`;
      this.logger.log(`Converted ${outcome}`);
      return outcome;
    } catch (error) {
      const message = (error as Error).message.slice(0, 2000);
      await this.conversions.markFailed(source.id, source.sha256, format, attempt.number, message, attempt.last);
      this.logger.error(
        `Conversion of ${source.storageKey} to ${format} failed (attempt ${attempt.number}${attempt.last ? ', the last' : ''}): ${message}`,
      );
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
