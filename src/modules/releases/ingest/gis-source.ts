import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { ogrinfo } from '../../../integrations/gdal/ogrinfo';
import { DATA_FIELDS, IDENTIFIER_FIELDS } from '../../data-schema';
import { describeLayers, GisLayer } from './gis-layers';
import { zipListing } from './zip-listing';

/** What a release source is, told by its first bytes and, for a zip, by what it holds. */
export type SourceFormat = 'csv' | 'geopackage' | 'shapefile' | 'filegdb' | 'geojson' | 'geojsonseq';
/** What the first bytes alone tell: a zip and a JSON text are told apart further once they are whole. */
export type SniffedKind = 'csv' | 'gzip' | 'geopackage' | 'zip' | 'json';
export type GisKind = Exclude<SniffedKind, 'csv' | 'gzip'>;

/** The bytes that tell the kinds apart: SQLite's 16-byte magic is the longest. */
export const SNIFF_BYTES = 16;
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const RECORD_SEPARATOR = 0x1e;
/** Where a JSON source's first feature shows whether it is one collection or one feature per line. */
const JSON_HEAD_BYTES = 64 * 1024;
const GEOMETRY_FIELD = 'geometry_wkt';
const CENTROID_FIELDS = ['latitude', 'longitude'] as const;
/** dBase keeps at most 10 characters of a field's name: a Shapefile's county_fips arrives as county_fip. */
const DBF_NAME_LENGTH = 10;

/** The file name a GIS source is kept under on local disk: GDAL reads some kinds by their extension. */
export const GIS_FILE_NAMES: Record<GisKind, string> = {
  geopackage: 'source.gpkg',
  zip: 'source.zip',
  json: 'source.json',
};

/** A GIS source that cannot be ingested, said so staff can fix it. */
export class GisSourceRefused extends Error {
  override name = 'GisSourceRefused';
}

/** A GIS source checked and ready to read: its format, what GDAL opens, its parcel layer and field names. */
export interface GisSource {
  format: Exclude<SourceFormat, 'csv'>;
  /** What GDAL opens: the file, a path inside the zip, or the file with its driver named. */
  gdalPath: string;
  layer: GisLayer;
  /** Each schema field the layer carries, with the layer's own name of it. */
  fields: Map<string, string>;
  /** The layer's fields that are no field of the schema: not ingested. */
  leftOut: string[];
}

const SCHEMA_FIELDS = DATA_FIELDS.map((field) => field.name).filter((name) => name !== GEOMETRY_FIELD);
const SCHEMA_TYPES = new Map(DATA_FIELDS.map((field) => [field.name, field.type]));

/** The kind of a source from its first bytes (up to SNIFF_BYTES; fewer only when the file is that short). */
export function sniffSource(head: Buffer): SniffedKind {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) return 'geopackage';
  if (head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return 'zip';
  const text = jsonStart(head);
  // No CSV header starts with "{": its first column is a field name.
  if (text < head.length && (head[text] === 0x7b || head[text] === RECORD_SEPARATOR)) return 'json';
  return 'csv';
}

/** Where the text starts past a UTF-8 byte order mark and white space. */
function jsonStart(head: Buffer): number {
  let at = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (at < head.length && (head[at] === 0x20 || head[at] === 0x0a || head[at] === 0x0d || head[at] === 0x09)) at++;
  return at;
}

/**
 * Opens a GIS source kept on local disk and checks it can be ingested: which format it is, that it
 * has exactly one layer of polygons with the schema's identifying fields, some features, and a
 * projection GDAL can read. Fails with GisSourceRefused saying what is wrong.
 */
export async function openGisSource(file: string, kind: GisKind, timeoutMs?: number): Promise<GisSource> {
  const { format, gdalPath } = await locate(file, kind);
  let summary: string;
  try {
    summary = await ogrinfo(['-so', '-al', gdalPath], { timeoutMs });
  } catch (error) {
    throw new GisSourceRefused(`GDAL cannot read the ${FORMAT_NAMES[format]}: ${lastLine((error as Error).message)}`);
  }
  const layers = describeLayers(summary);
  const layer = parcelLayer(layers, format);
  if (!layer.srsKnown) {
    throw new GisSourceRefused(
      `The layer "${layer.name}" has no projection GDAL can read: its coordinates cannot be placed on the map. Send it with its coordinate reference system (for a Shapefile, its .prj file)`,
    );
  }
  if (layer.featureCount === 0) throw new GisSourceRefused(`The layer "${layer.name}" has no features`);
  const { fields, leftOut } = schemaFields(layer, format);
  return { format, gdalPath, layer, fields, leftOut };
}

const FORMAT_NAMES: Record<Exclude<SourceFormat, 'csv'>, string> = {
  geopackage: 'GeoPackage',
  shapefile: 'Shapefile',
  filegdb: 'File Geodatabase',
  geojson: 'GeoJSON file',
  geojsonseq: 'newline-delimited GeoJSON file',
};

async function locate(file: string, kind: GisKind): Promise<Pick<GisSource, 'format' | 'gdalPath'>> {
  if (kind === 'geopackage') return { format: 'geopackage', gdalPath: file };
  if (kind === 'json') {
    return (await isFeaturePerLine(file))
      ? { format: 'geojsonseq', gdalPath: `GeoJSONSeq:${file}` }
      : { format: 'geojson', gdalPath: `GeoJSON:${file}` };
  }
  const names = await zipListing(file);
  if (!names)
    throw new GisSourceRefused(
      'The file starts as a zip does but its listing cannot be read: it is damaged or not a zip',
    );
  const gdbFolders = new Set(names.flatMap((name) => /^(.*?[^/]+\.gdb)\//i.exec(name)?.[1] ?? []));
  if (gdbFolders.size > 1) {
    throw new GisSourceRefused(
      `The zip holds ${gdbFolders.size} File Geodatabases (${[...gdbFolders].join(', ')}); send one per upload`,
    );
  }
  if (gdbFolders.size === 1) return { format: 'filegdb', gdalPath: `/vsizip/${file}/${[...gdbFolders][0]}` };
  const shapefiles = names.filter((name) => /\.shp$/i.test(name));
  if (shapefiles.length === 0) {
    const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
    throw new GisSourceRefused(
      `The zip holds neither a Shapefile (.shp with its .shx, .dbf and .prj) nor a File Geodatabase (a .gdb folder); it holds ${shown || 'nothing'}`,
    );
  }
  if (shapefiles.length > 1) {
    throw new GisSourceRefused(
      `The zip holds ${shapefiles.length} Shapefiles (${shapefiles.join(', ')}); send one per upload`,
    );
  }
  const shp = shapefiles[0];
  const stem = shp.slice(0, -4).toLowerCase();
  const has = (extension: string) => names.some((name) => name.toLowerCase() === `${stem}.${extension}`);
  const missing = ['shx', 'dbf'].filter((extension) => !has(extension));
  if (missing.length > 0) {
    throw new GisSourceRefused(
      `The Shapefile ${basename(shp)} in the zip has no ${missing.map((extension) => `.${extension}`).join(' or ')}: zip it with all of its files`,
    );
  }
  if (!has('prj')) {
    throw new GisSourceRefused(
      `The Shapefile ${basename(shp)} in the zip has no .prj: its projection is unknown. Zip it with its .prj file`,
    );
  }
  return { format: 'shapefile', gdalPath: `/vsizip/${file}/${shp}` };
}

/** Newline-delimited GeoJSON starts with a feature (or a record separator); a GeoJSON file with a collection. */
async function isFeaturePerLine(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(JSON_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, JSON_HEAD_BYTES, 0);
    const text = head.subarray(jsonStart(head.subarray(0, bytesRead)), bytesRead);
    if (text[0] === RECORD_SEPARATOR) return true;
    if (/"type"\s*:\s*"FeatureCollection"/.test(text.toString('utf8'))) return false;
    const firstLine = text.toString('utf8').split('\n', 1)[0];
    return /"type"\s*:\s*"Feature"/.test(firstLine);
  } finally {
    await handle.close();
  }
}

const POLYGONAL = /polygon|surface/i;
const NOT_POLYGONS: [RegExp, string][] = [
  [/point/i, 'points'],
  [/line|curve/i, 'lines'],
  [/^none$/i, 'no geometry'],
];

/** The one layer of polygons that carries the identifying fields. */
function parcelLayer(layers: GisLayer[], format: SourceFormat): GisLayer {
  if (layers.length === 0) throw new GisSourceRefused('The source has no layer GDAL can read');
  // "Unknown (any)": a layer that may mix kinds (GeoJSON, some GeoPackages); its shapes are checked record by record.
  const polygonal = layers.filter((layer) => POLYGONAL.test(layer.geometryType) || /unknown/i.test(layer.geometryType));
  if (polygonal.length === 0) {
    const layer = layers[0];
    const what = NOT_POLYGONS.find(([pattern]) => pattern.test(layer.geometryType))?.[1] ?? 'no polygons';
    throw new GisSourceRefused(
      `The layer "${layer.name}" holds ${what} (${layer.geometryType}), not parcel boundaries: parcels must be polygons or multipolygons`,
    );
  }
  const withIdentifiers = polygonal.filter((layer) => missingIdentifiers(layer, format).length === 0);
  if (withIdentifiers.length === 1) return withIdentifiers[0];
  if (withIdentifiers.length > 1) {
    throw new GisSourceRefused(
      `The source has ${withIdentifiers.length} layers of parcels (${withIdentifiers.map((layer) => layer.name).join(', ')}); send one layer per upload`,
    );
  }
  const layer = polygonal[0];
  const missing = missingIdentifiers(layer, format);
  const fields = layer.fields.map((field) => field.name).join(', ') || 'none';
  throw new GisSourceRefused(
    `The layer "${layer.name}" lacks the field${missing.length > 1 ? 's' : ''} ${missing.join(' and ')}: every source needs ${IDENTIFIER_FIELDS.join(' and ')}. Its fields are ${fields}`,
  );
}

function missingIdentifiers(layer: GisLayer, format: SourceFormat): string[] {
  const { fields } = schemaFields(layer, format);
  return IDENTIFIER_FIELDS.filter((name) => !fields.has(name));
}

/**
 * The schema field each of the layer's fields is: the same name, letter case aside, or, in a
 * Shapefile, the one field whose name the 10-character dBase name is the start of.
 */
function schemaFields(layer: GisLayer, format: SourceFormat): Pick<GisSource, 'fields' | 'leftOut'> {
  const fields = new Map<string, string>();
  const leftOut: string[] = [];
  for (const { name } of layer.fields) {
    const lower = name.toLowerCase();
    let field = SCHEMA_FIELDS.find((schemaName) => schemaName === lower);
    if (!field && format === 'shapefile' && name.length === DBF_NAME_LENGTH) {
      const candidates = SCHEMA_FIELDS.filter((schemaName) => schemaName.startsWith(lower));
      if (candidates.length === 1) field = candidates[0];
    }
    if (field && !fields.has(field)) fields.set(field, name);
    else leftOut.push(name);
  }
  return { fields, leftOut };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The SQL (GDAL's SQLite dialect) that reads the parcel layer as the schema's fields: the layer's
 * fields under their schema names, a county_fips stored as a number padded back to five digits,
 * and dates as YYYY-MM-DD. A source without latitude and longitude gets them from its shapes in
 * the splitter (see SourceSplitter's centroidsFromShapes), which reads every shape anyway: in
 * GDAL's SQL they were a third of the read.
 */
export function schemaSelect(source: GisSource): string {
  const geometry = quoted(source.layer.geometryColumn ?? 'GEOMETRY');
  const types = new Map(source.layer.fields.map((field) => [field.name, field.type]));
  const columns = [geometry];
  const hasCentroid = hasCentroidFields(source);
  for (const name of SCHEMA_FIELDS) {
    const sourceName = source.fields.get(name);
    if (!sourceName) continue;
    // Half a centroid is none: both come from the shape.
    if (CENTROID_FIELDS.includes(name as (typeof CENTROID_FIELDS)[number]) && !hasCentroid) continue;
    const type = types.get(sourceName) ?? 'String';
    let value = quoted(sourceName);
    if (name === 'county_fips' && /^(Integer|Real)/.test(type))
      value = `substr('00000' || CAST(${value} AS INTEGER), -5)`;
    else if (SCHEMA_TYPES.get(name) === 'date' && /^Date/.test(type)) value = `substr(CAST(${value} AS TEXT), 1, 10)`;
    columns.push(`${value} AS ${name}`);
  }
  return `SELECT ${columns.join(', ')} FROM ${quoted(source.layer.name)}`;
}

/** Whether the layer gives each parcel's latitude and longitude itself. */
export function hasCentroidFields(source: Pick<GisSource, 'fields'>): boolean {
  return CENTROID_FIELDS.every((name) => source.fields.has(name));
}

/**
 * ogr2ogr's arguments that write the parcel layer as CSV to its standard output: reprojected to
 * WGS 84 from whatever projection it has, the shape as WKT in the first column (named WKT: GDAL
 * 3.6 cannot name it; readGisSource renames it). Shapes come as the source has them: the splitter
 * counts the invalid and ShapeRepair makes them valid, as for a CSV source.
 */
export function gisToCsvArgs(source: GisSource): string[] {
  return [
    '-f',
    'CSV',
    '/vsistdout/',
    source.gdalPath,
    '-dialect',
    'SQLite',
    '-sql',
    schemaSelect(source),
    '-t_srs',
    'EPSG:4326',
    '-lco',
    'GEOMETRY=AS_WKT',
  ];
}

function lastLine(message: string): string {
  const lines = message.split('\n').map((line) => line.replace(/^ERROR \d+: /, '').trim());
  return lines.filter(Boolean).pop() ?? message;
}
