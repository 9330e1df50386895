import type { DatasetFormat } from '../../contracts/dataset-formats';

/**
 * How each file format carries the schema's fields, for the data-schema PDF (docs/formats.md, "County file
 * formats", says the same). Keyed by the contract's formats, so a new format cannot ship without its note.
 */
export const FORMAT_NOTES: Record<DatasetFormat, { types: string; geometry: string; notes: string }> = {
  csv: {
    types: 'Text: a header row with the field names above, values as the county has them (invalid values kept).',
    geometry: 'None: latitude and longitude are columns, and the parcel boundary is WKT in geometry_wkt.',
    notes: 'The source of every other format.',
  },
  gpkg: {
    types:
      'One typed column per field: text TEXT, integer INTEGER (64-bit), decimal and money REAL, date DATE, boolean BOOLEAN.',
    geometry:
      'One layer "parcels", geometry column "geom", EPSG:4326, with a spatial index: the parcel boundaries (Polygon, or MultiPolygon when any parcel has several parts), or points where the county has no boundaries.',
    notes: 'Field names as in this schema.',
  },
  shp: {
    types:
      'dBase columns as wide as the county\u2019s widest value: text, numbers and dates; booleans as 1/0; text over 254 bytes is cut (the dBase limit).',
    geometry:
      'Layer parcels.shp (.shx, .dbf, .prj in EPSG:4326, .cpg UTF-8), zipped: parcel polygons (multipart where a parcel is), or points where the county has no boundaries.',
    notes:
      'dBase allows 10-character names: longer names are shortened by one fixed rule (assessed_total_value becomes ass_tot_va). ' +
      'fields.csv in the zip maps every field to its Shapefile name (field, shapefile_field, type).',
  },
  geojson: {
    types:
      'Newline-delimited Features (one per line), gzip: properties typed as JSON numbers, true/false, dates as YYYY-MM-DD.',
    geometry:
      'The parcel boundary per feature (Polygon, or MultiPolygon when any parcel has several parts; WGS 84), or a Point where the county has no boundaries.',
    notes: 'A field without a value is null or left out of properties.',
  },
  parquet: {
    types: 'Typed columns: VARCHAR, BIGINT, DOUBLE, money as DECIMAL(18,2), DATE, BOOLEAN; zstd-compressed.',
    geometry:
      'Column "geometry": the parcel boundary as WKB, GeoParquet 1.1 with a "bbox" covering column (CRS84, bounding box); the point, GeoParquet 1.0, where the county has no boundaries.',
    notes: 'Reads directly in pandas, DuckDB, Spark and data warehouses.',
  },
};

/** What holds for every format other than CSV. */
export const FORMAT_RULES = [
  'Every field, every format: a converted file has every field of this schema in this order (a change file: "change", "change_types" and "changed_fields" first), whichever the county records; geometry_wkt is the file\u2019s geometry rather than a column.',
  'Boundaries or points: where a county\u2019s file has parcel boundaries, they are the geometry, and a parcel without one has a null geometry; where it has none at all, each parcel is its point (from latitude and longitude).',
  'Invalid values become null: a value not valid for its field\u2019s type (a date that is not a date, text in a number) is kept as it came in the CSV, and is null in the typed formats.',
  'Parcels without coordinates are kept: the point comes from latitude and longitude when both are valid; a parcel without them has an empty (null) geometry, and the two fields stay columns of their own.',
];
