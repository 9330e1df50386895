/** The key fields whose fill rate the panel shows, with the data-schema field each one counts. */
export const FILL_RATE_FIELDS = [
  { field: 'owner_name', label: 'Owner' },
  { field: 'mail_address', label: 'Mailing address' },
  { field: 'assessed_total_value', label: 'Assessed value' },
  { field: 'last_sale_price', label: 'Last sale price' },
  { field: 'last_sale_date', label: 'Last sale date' },
  { field: 'year_built', label: 'Year built' },
  { field: 'zoning_code', label: 'Zoning' },
] as const;
export type FillRateField = (typeof FILL_RATE_FIELDS)[number]['field'];

/** The parcel boundary's field: a county whose files fill it for no parcel is delivered with points. */
export const BOUNDARY_KEY_FIELD = { field: 'geometry_wkt', label: 'Parcel boundary' } as const;

/**
 * The fields whose filled values are counted for every stored county file (ingest, comparison,
 * generated files): the fill-rate fields, and the boundary, whose count says whether the county's
 * files carry parcel boundaries or points only, without reading the file again.
 */
export const KEY_FIELDS = [...FILL_RATE_FIELDS, BOUNDARY_KEY_FIELD] as const;
export type KeyField = (typeof KEY_FIELDS)[number]['field'];

/** What a county's files carry as geometry: the parcels' boundaries, or their points only. */
export const PARCEL_SHAPES = ['polygons', 'points'] as const;
export type ParcelShapes = (typeof PARCEL_SHAPES)[number];

/** Records in the free sample. */
export const SAMPLE_RECORDS = 25;
