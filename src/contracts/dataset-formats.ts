/**
 * The formats every county file is offered in, and the two kinds of file: one list for the API
 * (GET /api/formats, the download-link choices, the download's name and Content-Type) and both web
 * apps, so that none of them can offer a format the others do not know.
 */
export const FILE_KINDS = ['full', 'changes'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const DATASET_FORMATS = [
  {
    id: 'csv',
    name: 'CSV',
    extension: '.csv.gz',
    mediaType: 'application/gzip',
    description: 'Gzip-compressed CSV with a header row: every spreadsheet and database reads it.',
  },
  {
    id: 'gpkg',
    name: 'GeoPackage',
    extension: '.gpkg',
    mediaType: 'application/geopackage+sqlite3',
    description:
      'One layer of parcel boundaries (or points, where a county has no shapes; EPSG:4326) with every field as a typed column, for QGIS and ArcGIS.',
  },
  {
    id: 'shp',
    name: 'Shapefile',
    extension: '.shp.zip',
    mediaType: 'application/zip',
    description:
      'Zipped Esri Shapefile (parcel polygons, or points) with fields.csv mapping each field to its 10-character name.',
  },
  {
    id: 'geojson',
    name: 'GeoJSON',
    extension: '.geojson.gz',
    mediaType: 'application/gzip',
    description: 'Newline-delimited GeoJSON features (one per line, gzip-compressed), for web maps and scripts.',
  },
  {
    id: 'parquet',
    name: 'Parquet',
    extension: '.parquet',
    mediaType: 'application/vnd.apache.parquet',
    description:
      'Typed, compressed columns with GeoParquet geometry (parcel polygons, or points), for data warehouses and pandas.',
  },
] as const;

export type DatasetFormat = (typeof DATASET_FORMATS)[number]['id'];
export type DatasetFormatInfo = (typeof DATASET_FORMATS)[number];

export const FORMAT_IDS: DatasetFormat[] = DATASET_FORMATS.map((format) => format.id);

/** The formats made from the CSV (which is the source of every other). */
export type ConvertedFormat = Exclude<DatasetFormat, 'csv'>;
export const CONVERTED_FORMATS: ConvertedFormat[] = FORMAT_IDS.filter((id): id is ConvertedFormat => id !== 'csv');

export function formatInfo(id: DatasetFormat): DatasetFormatInfo {
  return DATASET_FORMATS.find((format) => format.id === id)!;
}
