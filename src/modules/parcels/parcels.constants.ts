/** The parcel store's queue: loading counties' current files into the store, and the sweep behind it. */
export const PARCEL_STORE_QUEUE = 'parcel-store';

export const ParcelStoreJob = {
  /** Loads a county's current staff file into the parcel store, replacing its parcels at once. */
  loadCounty: 'load-county',
  /** Queues the loads of counties whose current file is not the one loaded (missed events, a new store). */
  sweep: 'parcel-store-sweep',
  /** Groups the owners named on the store's parcels into owners across counties, when the parcels changed. */
  groupOwners: 'group-owners',
} as const;

export interface LoadCountyJobData {
  countyId: string;
}

export const PARCEL_STORE_SWEEP_EVERY_MS = 10 * 60_000;
/** How often owner grouping looks for changed parcels (or staff decisions): a look costs one small query. */
export const GROUP_OWNERS_EVERY_MS = 60_000;
export const LOAD_ATTEMPTS = 5;
export const LOAD_BACKOFF_MS = 30_000;

/** One job a county file (its content): a load queued twice, by the event and the sweep, runs once. */
export const loadJobId = (countyId: string, sha256: string) => `parcels-${countyId}-${sha256.slice(0, 16)}`;
