export const RELEASES_QUEUE = 'releases';

export const ReleasesJob = {
  /** Splits a staged source file (one county, a state or the nation) into the release's county files, checking each. */
  ingest: 'ingest',
  /** Compares one county's file of a draft with its previous published release, and writes its change file. */
  compare: 'compare',
} as const;

export interface IngestJobData {
  ingestJobId: string;
}

export interface CompareJobData {
  releaseId: string;
  countyId: string;
}

/** A QA flag: something about a county's file that staff must look at before it is published. */
export const QA_FLAGS = {
  records_down: 'Record count down by more than 10 % from the previous release',
  fill_rate_down: 'A key field filled in more than 5 points fewer records than in the previous release',
  unchanged: 'Not a single parcel changed since the previous release',
  invalid_values: 'More than 1 % of the values are not valid for their field',
  shapes: 'More than 1 % of the parcels have a missing or invalid boundary',
} as const;

export type QaFlag = keyof typeof QA_FLAGS;
