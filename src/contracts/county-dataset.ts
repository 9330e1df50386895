/**
 * What a buyer gets for one county, before buying: GET /api/counties/:id/dataset-summary.
 * Read by the store's "what you get" panel.
 */
export interface CountyDatasetSummary {
  countyId: string;
  name: string;
  state: string;
  /** The release a purchase made now includes, YYYY-MM. */
  release: string;
  /** When that release was published (ISO date-time). */
  publishedAt: string;
  parcels: number;
  /** Size of the gzip CSV file, in bytes. */
  fileBytes: number;
  /**
   * How many records carry each key field, as a share of all records (0–1), in KEY_FIELDS order;
   * null while the worker is still counting them (a release stored before counts were kept).
   */
  fillRates: { field: KeyField; label: string; rate: number }[] | null;
  /** The first 25 records as CSV: GET /api/counties/:id/sample.csv */
  sampleUrl: string;
}

/** The key fields whose fill rate the panel shows, with the data-schema field each one counts. */
export const KEY_FIELDS = [
  { field: 'owner_name', label: 'Owner' },
  { field: 'mail_address', label: 'Mailing address' },
  { field: 'assessed_total_value', label: 'Assessed value' },
  { field: 'last_sale_price', label: 'Last sale price' },
  { field: 'last_sale_date', label: 'Last sale date' },
  { field: 'year_built', label: 'Year built' },
  { field: 'zoning_code', label: 'Zoning' },
] as const;
export type KeyField = (typeof KEY_FIELDS)[number]['field'];

/** Records in the free sample. */
export const SAMPLE_RECORDS = 25;
