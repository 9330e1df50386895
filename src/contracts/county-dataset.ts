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
