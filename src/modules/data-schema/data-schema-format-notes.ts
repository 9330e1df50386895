import type { DatasetFormat } from '../../contracts/dataset-formats';

/**
 * How each file format carries the schema's fields, for the data-schema PDF (docs/formats.md, "County file
 * formats", says the same). Keyed by the contract's formats, so a new format cannot ship without its note.
 */
export const FORMAT_NOTES: Record<DatasetFormat, { types: string; geometry: string; notes: string }> = {
  csv: {
    types: 'Text: a header row with the field names above, values as the county has them (invalid values kept).',
    geometry: 'None: latitude and longitude are columns.',
    notes: 'The source of every other format.',
  },
  gpkg: {
    types:
      'One typed column per field: text TEXT, integer INTEGER (64-bit), decimal and money REAL, date DATE, boolean BOOLEAN.',
    geometry: 'One point layer "parcels", geometry column "geom", EPSG:4326, with a spatial index.',
    notes: 'Field names as in this schema.',
  },
  shp: {
    types:
      'dBase columns as wide as the county\u2019s widest value: text, numbers and dates; booleans as 1/0; text over 254 bytes is cut (the dBase limit).',
    geometry: 'Point layer parcels.shp (.shx, .dbf, .prj in EPSG:4326, .cpg UTF-8), zipped.',
    notes:
      'dBase allows 10-character names: longer names are shortened by one fixed rule (assessed_total_value becomes ass_tot_va). ' +
      'fields.csv in the zip maps every field to its Shapefile name (field, shapefile_field, type).',
  },
  geojson: {
    types:
      'Newline-delimited Features (one per line), gzip: properties typed as JSON numbers, true/false, dates as YYYY-MM-DD.',
    geometry: 'A Point per feature (longitude, latitude; WGS 84).',
    notes: 'A field without a value is null or left out of properties.',
  },
  parquet: {
    types: 'Typed columns: VARCHAR, BIGINT, DOUBLE, money as DECIMAL(18,2), DATE, BOOLEAN; zstd-compressed.',
    geometry: 'Column "geometry": the point as WKB, with GeoParquet 1.0 metadata (CRS84, bounding box).',
    notes: 'Reads directly in pandas, DuckDB, Spark and data warehouses.',
  },
};

/** What holds for every format other than CSV. */
export const FORMAT_RULES = [
  'Every field, every format: a converted file has every field of this schema in this order (a change file: "change" first), whichever the county records.',
  'Invalid values become null: a value not valid for its field\u2019s type (a date that is not a date, text in a number) is kept as it came in the CSV, and is null in the typed formats.',
  'Parcels without coordinates are kept: the point comes from latitude and longitude when both are valid; a parcel without them has an empty (null) geometry, and the two fields stay columns of their own.',
];
