import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIG = { maxBuffer: 1 << 30 };

export interface GdalFeature {
  properties: Record<string, string | number | boolean | null>;
  geometry: { type: string; coordinates: number[] } | null;
}

/** What GDAL reads of a converted file: its layer's fields with their types, and its features. */
export interface GdalReadBack {
  layer: string;
  featureCount: number;
  /** name → OGR type as ogrinfo prints it, e.g. "Integer64", "Integer(Boolean)", "String". */
  fields: Map<string, string>;
  geometryType: string;
  srs: string;
  /** The layer's metadata items (ogrinfo's "Metadata:" block), name → value. */
  metadata: Map<string, string>;
  features: GdalFeature[];
}

/**
 * Reads a GeoPackage, Shapefile zip or GeoJSONSeq file back with GDAL, as a GIS user's tools would:
 * ogrinfo for the layer's schema (GDAL 3.6 has no ogrinfo -json), ogr2ogr to GeoJSON for its features.
 */
export async function readWithGdal(path: string, options: { features?: boolean } = {}): Promise<GdalReadBack> {
  const { stdout: info } = await run('ogrinfo', ['-ro', '-so', '-al', path], BIG);
  const layer = /Layer name: (.+)/.exec(info)![1].trim();
  const featureCount = Number(/Feature Count: (\d+)/.exec(info)![1]);
  const geometryType = /Geometry: (.+)/.exec(info)![1].trim();
  const srs = /ID\["EPSG",(\d+)\]\]\s*$/m.exec(info)?.[1] ?? '';
  const fields = new Map<string, string>();
  const afterSrs = info.slice(info.indexOf('Data axis to CRS axis mapping'));
  for (const line of afterSrs.split('\n')) {
    const field = /^([A-Za-z0-9_]+): ([A-Za-z0-9()]+) \(/.exec(line);
    if (field) fields.set(field[1], field[2]);
  }
  const metadata = new Map<string, string>();
  const block = /^Metadata:\n((?: {2}.+\n)+)/m.exec(info)?.[1] ?? '';
  for (const item of block.split('\n')) {
    const pair = /^ {2}([^=]+)=(.*)$/.exec(item);
    if (pair) metadata.set(pair[1], pair[2]);
  }
  let features: GdalFeature[] = [];
  if (options.features !== false) {
    const { stdout } = await run('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', path], BIG);
    features = (JSON.parse(stdout) as { features: GdalFeature[] }).features;
  }
  return { layer, featureCount, fields, geometryType, srs: srs ? `EPSG:${srs}` : '', metadata, features };
}

export interface ParquetReadBack {
  rows: Record<string, unknown>[];
  /** Column name → Parquet physical type / logical type, as the file declares them. */
  columns: Record<string, { type: string; logical: string | null }>;
  keyValueMetadata: Record<string, string>;
  compression: string[];
}

/**
 * Reads a Parquet file with hyparquet, a reader written independently of the DuckDB writer, in a
 * child process (it is an ES module). Dates come back as ISO strings, BigInts as numbers, WKB as hex.
 * hyparquet decodes a GeoParquet geometry column itself, unless `wkb` asks for its bytes (as hex),
 * for a test to decode with a WKB reader of its own.
 */
export async function readParquet(path: string, options: { wkb?: boolean } = {}): Promise<ParquetReadBack> {
  const script = `
    import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } from 'hyparquet';
    import { compressors } from 'hyparquet-compressors';
    const file = await asyncBufferFromFile(process.argv[1]);
    const wkb = process.argv[2] === 'wkb';
    const metadata = await parquetMetadataAsync(file, { geoparquet: !wkb });
    // Bytes without a logical type (WKB) stay bytes, not text, when they are asked for.
    const rows = await parquetReadObjects({ file, compressors, metadata, utf8: !wkb });
    const columns = {};
    for (const child of parquetSchema(metadata).children) {
      const e = child.element;
      columns[e.name] = { type: e.type ?? 'GROUP', logical: e.logical_type?.type ?? e.converted_type ?? null };
    }
    const keyValueMetadata = Object.fromEntries((metadata.key_value_metadata ?? []).map((kv) => [kv.key, kv.value]));
    const compression = [...new Set(metadata.row_groups.flatMap((g) => g.columns.map((c) => c.meta_data.codec)))];
    const plain = (v) => typeof v === 'bigint' ? Number(v) : v instanceof Date ? v.toISOString().slice(0, 10)
      : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v;
    const out = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])));
    process.stdout.write(JSON.stringify({ rows: out, columns, keyValueMetadata, compression }));
  `;
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', script, path, options.wkb ? 'wkb' : ''],
    {
      ...BIG,
      cwd: __dirname,
    },
  );
  return JSON.parse(stdout) as ParquetReadBack;
}
