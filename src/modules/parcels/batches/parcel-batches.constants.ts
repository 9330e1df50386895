/** Batch append: a customer's CSV of rows matched to parcels in the worker, the result kept for download. */
export const PARCEL_BATCHES_QUEUE = 'parcel-batches';

export const ParcelBatchJob = {
  /** Matches one batch's rows and writes its result file. */
  append: 'batch-append',
  /** Deletes batches past their expiry (rows and files), and queues any batch whose job was never queued. */
  sweep: 'parcel-batches-sweep',
} as const;

export interface BatchAppendJobData {
  batchId: string;
}

/** Rows a batch may have: a county's worth of addresses, matched within the minute. */
export const MAX_BATCH_ROWS = 100_000;
/** 32 MiB: 100,000 rows of some 300 bytes each; a body past it is refused before it is read. */
export const MAX_BATCH_BYTES = 32 * 1024 * 1024;
/** A row of a batch is short (an id and an address); one longer than this is no batch row. */
export const MAX_ROW_BYTES = 64 * 1024;
/** Batches one customer may have queued or running at once: more wait their turn behind everyone's. */
export const MAX_ACTIVE_BATCHES = 3;
/** Batches one customer may keep within the days they are kept (some 20 million rows). */
export const MAX_KEPT_BATCHES = 200;
/** Days a batch and its result are kept after it is made. */
export const BATCH_KEPT_DAYS = 7;
/** Rows matched by one query: large enough that a query's cost is the matching, small enough to report progress often. */
export const BATCH_CHUNK_ROWS = 1000;
/** Chunk queries one batch keeps under way at once (the reader's pool has 10 connections). */
export const BATCH_CHUNKS_IN_FLIGHT = 3;
export const BATCH_ATTEMPTS = 3;
export const BATCH_BACKOFF_MS = 10_000;
export const BATCH_SWEEP_EVERY_MS = 15 * 60_000;

/** The fields appended when `fields=` is not given: who owns the parcel, where, and what it is worth. */
export const DEFAULT_BATCH_FIELDS = [
  'parcel_id',
  'site_address',
  'site_city',
  'site_zip',
  'owner_name',
  'mail_address',
  'latitude',
  'longitude',
  'assessed_total_value',
  'last_sale_date',
  'last_sale_price',
  'lot_area_acres',
] as const;

/** The columns every result has after the input's, before the chosen fields. */
export const MATCH_COLUMNS = ['parcel_key', 'match_kind', 'match_score'] as const;

// Flat keys: a refused upload leaves not even an empty folder behind.
export const inputKeyOf = (batchId: string) => `parcel-batches/${batchId}-input.csv`;
export const resultKeyOf = (batchId: string) => `parcel-batches/${batchId}-result.csv`;
