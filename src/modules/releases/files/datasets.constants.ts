/** What a buyer is told while a county has no file for them yet. */
export const DATA_NOT_AVAILABLE = "This county's data is not available yet.";

export const DATASETS_QUEUE = 'datasets';

export const DatasetsJob = {
  /** Counts the key fields of a release recorded before counts were kept, from its stored file. */
  countKeyFields: 'count-key-fields',
  /** Queues the counting of every release still without counts (its job could not be queued, or failed). */
  keyFieldCountsSweep: 'key-field-counts-sweep',
} as const;

export const KEY_FIELD_COUNTS_SWEEP_EVERY_MS = 15 * 60_000;

export interface CountKeyFieldsJobData {
  datasetId: string;
}
