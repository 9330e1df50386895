import { DuckDBInstance } from '@duckdb/node-api';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { ZipFile } from 'yazl';
import type { ConvertedFormat, FileKind } from '../../contracts/dataset-formats';
import { SCHEMA_VERSION, type FieldType } from '../data-schema';
import { layerGeometry, LayerGeometry } from './layer-geometry';
import {
  ColumnStats,
  GEOMETRY_WKT,
  GEOMETRY_X,
  GEOMETRY_Y,
  NormalizedCsv,
  outputFields,
  OutputField,
  POINT_WKB,
  SHAPE_BBOX,
  SHAPE_WKB,
  writeNormalizedCsv,
} from './normalized-csv';
import { ogr2ogr } from '../../integrations/gdal/ogr2ogr';
import { shapefileFieldsCsv, shapefileNames } from './shapefile-fields';
import { MULTIPOLYGON_OF_ONE_PREFIX } from './wkt-to-wkb';

/** The one layer of every GeoPackage and Shapefile, and the stem of the files in a Shapefile zip. */
export const LAYER_NAME = 'parcels';

/**
 * Where a file says which schema version its fields are (GET /api/schema): the GeoPackage layer's
 * metadata item and the Parquet file's key-value metadata key; a Shapefile zip holds it as a file of
 * its own. CSV and GeoJSON have no place for it: the release manifest and the download link say it.
 */
export const SCHEMA_VERSION_KEY = 'schema_version';
export const SCHEMA_VERSION_FILE = 'schema_version.txt';

/** What a converter made: the file to store, in the conversion's own temporary folder. */
export interface ConvertedOutput {
  path: string;
  normalized: NormalizedCsv;
  /** What the file's geometry is: the parcel boundaries, or the points when the county has no shapes. */
  geometry: LayerGeometry;
}

/** How a conversion runs: ogr2ogr's time limit (unset: DEFAULT_OGR2OGR_TIMEOUT_MS). */
export interface ConvertOptions {
  ogr2ogrTimeoutMs?: number;
}

/**
 * Converts a county's CSV (its decompressed bytes, streamed) to a format, inside `dir` (a temporary
 * folder of its own, removed by the caller). Every converter first writes the normalized CSV (see
 * normalized-csv.ts: every schema field, invalid values emptied, the point and the boundary), which
 * tells what the layer's geometry is (layer-geometry.ts), then:
 * - gpkg, shp, geojson: GDAL's ogr2ogr reads it through the CSV driver with a .csvt file giving each
 *   column's type, and the geometry from the `__wkt` column (GEOM_POSSIBLE_NAMES) or, for a county
 *   without shapes, from the `__x`/`__y` columns (X_POSSIBLE_NAMES, Y_POSSIBLE_NAMES), EPSG:4326;
 * - parquet: DuckDB reads it with the column types given, and writes GeoParquet (GDAL 3.6 has no
 *   Parquet driver).
 */
export async function convertCountyFile(
  format: ConvertedFormat,
  csv: Readable,
  dir: string,
  kind: FileKind,
  options: ConvertOptions = {},
): Promise<ConvertedOutput> {
  switch (format) {
    case 'gpkg':
      return toGeoPackage(csv, dir, kind, options);
    case 'shp':
      return toShapefileZip(csv, dir, kind, options);
    case 'geojson':
      return toGeoJsonSeq(csv, dir, kind, options);
    case 'parquet':
      return toParquet(csv, dir, kind);
  }
}

/** OGR field types by schema type: integers as 64-bit, money and decimals as doubles, booleans as OGR booleans. */
const OGR_TYPES: Record<FieldType, string> = {
  text: 'String',
  integer: 'Integer64',
  decimal: 'Real',
  money: 'Real',
  date: 'Date',
  boolean: 'Integer(Boolean)',
  geometry: 'String',
};

/** The .csvt line: the column types GDAL's CSV driver reads the normalized CSV with. */
function csvt(fields: OutputField[], width?: (field: OutputField, index: number) => string | null): string {
  const types = fields.map((field, i) => `"${width?.(field, i) ?? OGR_TYPES[field.type]}"`);
  return `${[...types, '"Real"', '"Real"', '"String"'].join(',')}\n`;
}

/**
 * Read options of GDAL's CSV driver for the normalized CSV: the geometry from __wkt (boundaries,
 * 2D) or __x/__y (points), empty text as null, and only the fields as attributes (`-select`: the
 * geometry column not read stays out too).
 */
function csvOpenOptions(geometry: LayerGeometry, attributes: string[]): string[] {
  const source =
    geometry === 'Point'
      ? ['-oo', `X_POSSIBLE_NAMES=${GEOMETRY_X}`, '-oo', `Y_POSSIBLE_NAMES=${GEOMETRY_Y}`]
      : ['-oo', `GEOM_POSSIBLE_NAMES=${GEOMETRY_WKT}`, '-dim', 'XY'];
  return [
    ...source,
    '-oo',
    'KEEP_GEOM_COLUMNS=NO',
    '-oo',
    'EMPTY_STRING_AS_NULL=YES',
    '-a_srs',
    'EPSG:4326',
    '-nlt',
    geometry.toUpperCase(),
    '-select',
    attributes.join(','),
  ];
}

async function normalized(
  csv: Readable,
  dir: string,
  kind: FileKind,
  geometry: 'gdal' | 'wkb',
  header?: (field: OutputField) => string,
): Promise<{ path: string; facts: NormalizedCsv; geometry: LayerGeometry }> {
  const path = join(dir, `${LAYER_NAME}.csv`);
  const facts = await writeNormalizedCsv(csv, path, { kind, geometry, header });
  return { path, facts, geometry: layerGeometry(facts) };
}

/**
 * GeoPackage: one layer `parcels` of the boundaries (or points) (geometry column `geom`, R-tree spatial index,
 * SPATIAL_INDEX=YES), every field a typed column; written in large transactions (-gt) with SQLite's
 * synchronous writes off, since an interrupted file is thrown away anyway.
 */
async function toGeoPackage(
  csv: Readable,
  dir: string,
  kind: FileKind,
  options: ConvertOptions,
): Promise<ConvertedOutput> {
  const fields = outputFields(kind);
  const { path, facts, geometry } = await normalized(csv, dir, kind, 'gdal');
  await writeFile(join(dir, `${LAYER_NAME}.csvt`), csvt(fields));
  const output = join(dir, 'out.gpkg');
  await ogr2ogr(
    [
      '-f',
      'GPKG',
      output,
      path,
      ...csvOpenOptions(
        geometry,
        fields.map((f) => f.name),
      ),
      '-nln',
      LAYER_NAME,
      '-mo',
      `${SCHEMA_VERSION_KEY}=${SCHEMA_VERSION}`,
      '-lco',
      'GEOMETRY_NAME=geom',
      '-lco',
      'FID=fid',
      '-lco',
      'SPATIAL_INDEX=YES',
      '-gt',
      '65536',
    ],
    { config: { OGR_SQLITE_SYNCHRONOUS: 'OFF', OGR_SQLITE_CACHE: '256' }, timeoutMs: options.ogr2ogrTimeoutMs },
  );
  return { path: output, normalized: facts, geometry };
}

/**
 * Deflate level of the Shapefile zip. The .dbf is most of it (2.1 GB for a million parcels): level 4
 * deflates it in half the time of zlib's default 6 for a file 8 % larger (measured on 400 MB of a
 * county's .dbf: 6.9 s and 113 MB against 13.7 s and 105 MB; level 1: 4.7 s and 133 MB).
 */
const SHAPEFILE_ZIP_LEVEL = 4;

/** dBase numbers are at most this wide; a wider column keeps GDAL's default width instead. */
const DBF_MAX_NUMBER_WIDTH = 20;
/** dBase text is at most 254 bytes; longer values are cut there (a limit of the Shapefile format). */
const DBF_MAX_TEXT_WIDTH = 254;

/** A Shapefile column's type with its width: as wide as the county's widest value, so the .dbf wastes nothing. */
function dbfType(field: OutputField, stat: ColumnStats): string | null {
  switch (field.type) {
    case 'text':
      return `String(${Math.min(Math.max(stat.maxBytes, 1), DBF_MAX_TEXT_WIDTH)})`;
    case 'integer':
      return `Integer64(${Math.min(Math.max(stat.maxIntegerChars, 1), 19)})`;
    case 'decimal':
    case 'money': {
      const fraction = stat.maxFractionDigits;
      const width = Math.max(stat.maxIntegerChars, 1) + (fraction > 0 ? fraction + 1 : 0);
      return width <= DBF_MAX_NUMBER_WIDTH ? `Real(${width}.${fraction})` : null;
    }
    default:
      return null;
  }
}

/**
 * Shapefile: parcels.shp/.shx/.dbf, .prj (EPSG:4326) and .cpg (UTF-8, ENCODING=UTF-8), zipped with
 * fields.csv, the mapping of each field to its 10-character .dbf name (see shapefile-fields.ts), and
 * schema_version.txt.
 * Booleans are 1/0 numbers and dates dBase dates; text longer than 254 bytes is cut (dBase's limit).
 */
async function toShapefileZip(
  csv: Readable,
  dir: string,
  kind: FileKind,
  options: ConvertOptions,
): Promise<ConvertedOutput> {
  const fields = outputFields(kind);
  const names = shapefileNames(fields);
  const { path, facts, geometry } = await normalized(csv, dir, kind, 'gdal', (field) => names.get(field.name)!);
  await writeFile(
    join(dir, `${LAYER_NAME}.csvt`),
    csvt(fields, (field, i) => dbfType(field, facts.stats[i])),
  );
  const shapes = join(dir, 'shp');
  await mkdir(shapes);
  await ogr2ogr(
    [
      '-f',
      'ESRI Shapefile',
      join(shapes, `${LAYER_NAME}.shp`),
      path,
      ...csvOpenOptions(
        geometry,
        fields.map((f) => names.get(f.name)!),
      ),
      '-nln',
      LAYER_NAME,
      '-lco',
      'ENCODING=UTF-8',
    ],
    { timeoutMs: options.ogr2ogrTimeoutMs },
  );
  const output = join(dir, 'out.shp.zip');
  const zip = new ZipFile();
  for (const extension of ['shp', 'shx', 'dbf', 'prj', 'cpg']) {
    zip.addFile(join(shapes, `${LAYER_NAME}.${extension}`), `${LAYER_NAME}.${extension}`, {
      compressionLevel: SHAPEFILE_ZIP_LEVEL,
    });
  }
  zip.addBuffer(Buffer.from(shapefileFieldsCsv(kind), 'utf8'), 'fields.csv');
  zip.addBuffer(Buffer.from(`${SCHEMA_VERSION}\n`, 'utf8'), SCHEMA_VERSION_FILE);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
  return { path: output, normalized: facts, geometry };
}

/** GeoJSON: one Feature per line (GeoJSONSeq, RS=NO: newline-delimited), gzip-compressed as it is written. */
async function toGeoJsonSeq(
  csv: Readable,
  dir: string,
  kind: FileKind,
  options: ConvertOptions,
): Promise<ConvertedOutput> {
  const fields = outputFields(kind);
  const { path, facts, geometry } = await normalized(csv, dir, kind, 'gdal');
  await writeFile(join(dir, `${LAYER_NAME}.csvt`), csvt(fields));
  const output = join(dir, 'out.geojson.gz');
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(output));
  await Promise.all([
    ogr2ogr(
      [
        '-f',
        'GeoJSONSeq',
        '/vsistdout/',
        path,
        ...csvOpenOptions(
          geometry,
          fields.map((f) => f.name),
        ),
        '-lco',
        'RS=NO',
      ],
      { stdout: gzip, timeoutMs: options.ogr2ogrTimeoutMs },
    ),
    written,
  ]);
  return { path: output, normalized: facts, geometry };
}

/** Parquet column types by schema type: money exact to the cent. */
const PARQUET_TYPES: Record<FieldType, string> = {
  text: 'VARCHAR',
  integer: 'BIGINT',
  decimal: 'DOUBLE',
  money: 'DECIMAL(18,2)',
  date: 'DATE',
  boolean: 'BOOLEAN',
  geometry: 'VARCHAR',
};

/**
 * DuckDB's bounds while it writes, in the worker's process. A row group of 250 columns is buffered
 * whole before it is written, per thread: one thread and 20,000 rows keep a 1 M-parcel county within
 * 512 MB (256 MB ran out; two threads of 50,000 took a 1 GB limit and were slower on two cores).
 * Rows may be written out of their CSV order (preserve_insertion_order off), which lets DuckDB
 * stream rather than hold finished row groups back.
 */
const DUCKDB_MEMORY_LIMIT = '512MB';
const PARQUET_ROW_GROUP = 20_000;

const sqlString = (value: string) => `'${value.replace(/'/g, "''")}'`;
const sqlName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Parquet: every field a typed column (zstd-compressed, row groups of 20,000), and `geometry` as WKB:
 * - a county with shapes: GeoParquet 1.1, the boundaries as Polygon or MultiPolygon (every one
 *   promoted when any parcel is multipart, as in the GDAL formats), and a `bbox` struct column
 *   (xmin, ymin, xmax, ymax) named in the metadata as the geometry's bbox covering, so readers can
 *   skip row groups by their statistics;
 * - a county without: GeoParquet 1.0 points, as before counties had shapes.
 * The `geo` metadata names the types that occur, the CRS omitted (meaning OGC:CRS84: WGS 84
 * longitude/latitude) and the file's extent. Null where a parcel has no geometry.
 */
async function toParquet(csv: Readable, dir: string, kind: FileKind): Promise<ConvertedOutput> {
  const fields = outputFields(kind);
  const { path, facts, geometry } = await normalized(csv, dir, kind, 'wkb');
  const output = join(dir, 'out.parquet');
  const points = geometry === 'Point';
  const bbox = points ? facts.bbox : facts.shapesBbox;
  const geo = {
    version: points ? '1.0.0' : '1.1.0',
    primary_column: 'geometry',
    columns: {
      geometry: {
        encoding: 'WKB',
        geometry_types: [geometry],
        ...(bbox && { bbox }),
        ...(!points && {
          covering: {
            bbox: {
              xmin: ['bbox', 'xmin'],
              ymin: ['bbox', 'ymin'],
              xmax: ['bbox', 'xmax'],
              ymax: ['bbox', 'ymax'],
            },
          },
        }),
      },
    },
  };
  const columns = [
    ...fields.map((f) => `${sqlString(f.name)}: '${PARQUET_TYPES[f.type]}'`),
    `'${POINT_WKB}': 'VARCHAR'`,
    `'${SHAPE_WKB}': 'VARCHAR'`,
    ...SHAPE_BBOX.map((name) => `'${name}': 'DOUBLE'`),
  ];
  // A Polygon's WKB becomes a MultiPolygon of it by a 9-byte header (hex: 18 characters in front).
  const shapeHex =
    geometry === 'MultiPolygon'
      ? `CASE WHEN substr(${SHAPE_WKB}, 3, 8) = '03000000' THEN '${MULTIPOLYGON_OF_ONE_PREFIX}' || ${SHAPE_WKB} ELSE ${SHAPE_WKB} END`
      : SHAPE_WKB;
  const [xmin, ymin, xmax, ymax] = SHAPE_BBOX;
  const geometryColumns = points
    ? `CASE WHEN ${POINT_WKB} IS NULL THEN NULL ELSE from_hex(${POINT_WKB}) END AS geometry`
    : `CASE WHEN ${SHAPE_WKB} IS NULL THEN NULL ELSE from_hex(${shapeHex}) END AS geometry,
       CASE WHEN ${SHAPE_WKB} IS NULL THEN NULL
            ELSE struct_pack(xmin := ${xmin}, ymin := ${ymin}, xmax := ${xmax}, ymax := ${ymax}) END AS bbox`;
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: DUCKDB_MEMORY_LIMIT,
    threads: '1',
    preserve_insertion_order: 'false',
    temp_directory: join(dir, 'duckdb'),
  });
  try {
    const db = await instance.connect();
    try {
      await db.run(
        `COPY (
           SELECT ${fields.map((f) => sqlName(f.name)).join(', ')}, ${geometryColumns}
           FROM read_csv(${sqlString(path)}, header = true, auto_detect = false, delim = ',', quote = '"',
                         escape = '"', nullstr = '', columns = {${columns.join(', ')}})
         ) TO ${sqlString(output)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${PARQUET_ROW_GROUP},
           KV_METADATA {geo: ${sqlString(JSON.stringify(geo))}, ${SCHEMA_VERSION_KEY}: ${sqlString(SCHEMA_VERSION)}})`,
      );
    } finally {
      db.closeSync();
    }
  } finally {
    instance.closeSync();
  }
  return { path: output, normalized: facts, geometry };
}
