import type { ConvertedFormat } from '../../contracts/dataset-formats';

/** The queue of conversions of county CSVs to the other formats (GeoPackage, Shapefile, GeoJSON, Parquet). */
export const FORMATS_QUEUE = 'dataset-formats';

export const FormatsJob = {
  /** Converts one county CSV to one format, stores the file beside it and records it. */
  convert: 'convert',
  /** Queues the conversions of recently published files still missing (their publish could not queue them). */
  sweep: 'formats-sweep',
} as const;

export interface ConvertJobData {
  datasetId: string;
  format: ConvertedFormat;
}

/** Attempts of a conversion, and the first wait before trying again (doubling each time). */
export const CONVERSION_ATTEMPTS = 4;
export const CONVERSION_BACKOFF_MS = 60_000;
export const FORMATS_SWEEP_EVERY_MS = 15 * 60_000;
/** How far back the sweep looks for published releases whose files lack a format. */
export const FORMATS_SWEEP_DAYS = 7;
/** A conversion that failed for good is tried again on a buyer's request once this much time has passed. */
export const RETRY_FAILED_AFTER_MS = 30 * 60_000;
/** What a buyer waiting for a format is told to wait, in seconds (Retry-After). */
export const PREPARING_RETRY_AFTER_SECONDS = 60;

/** BullMQ refuses ":" in custom job ids; the CSV's hash makes a corrected file's conversion a new job. */
export const conversionJobId = (datasetId: string, sha256: string, format: ConvertedFormat) =>
  `convert-${datasetId}-${format}-${sha256.slice(0, 16)}`;
