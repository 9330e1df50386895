/**
 * Section: converting one 1-million-parcel county to every format, each in a process of its own as
 * the worker runs it (normalizing the CSV, then GDAL's ogr2ogr or DuckDB), timed, with the peak
 * resident memory of its largest process (GNU time's %M: the Node process, DuckDB inside it, or
 * ogr2ogr). Beside each GDAL format, ogr2ogr alone converting the same gzip CSV to the same format
 * (types guessed from the first megabyte, /vsigzip/, the geometry from geometry_wkt promoted to
 * MultiPolygon): the issue's target is at most 1.5× for gpkg and shp. The county file is the
 * release-compare section's generated one with a parcel boundary added to every record (lots on a
 * grid, some irregular, one in a hundred in two parts), kept in /tmp between runs.
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { CsvRecordReader } from '../src/modules/data-schema';
import { CONVERTED_FORMATS, formatInfo } from '../src/contracts/dataset-formats';
import { generatedRelease } from './release-compare';
import type { BenchApp } from './support/bench-app';
import { figure, verdict, type ResultRow } from './support/section';

const run = promisify(execFile);
const COUNTY = { fips: '01001', name: 'Autauga', state_code: 'AL' };
const GDAL_TARGET_RATIO = 1.5;

/** Runs a command under GNU time: wall seconds and the peak RSS of its largest process. */
async function timed(command: string, args: string[]): Promise<{ seconds: number; peakBytes: number; stdout: string }> {
  const { stdout, stderr } = await run('/usr/bin/time', ['-f', 'TIME %e %M', command, ...args], {
    maxBuffer: 1 << 26,
  });
  const [, seconds, kb] = /TIME ([\d.]+) (\d+)\s*$/.exec(stderr)!;
  return { seconds: Number(seconds), peakBytes: Number(kb) * 1024, stdout };
}

const OGR_BASELINE: Partial<Record<string, (csv: string, dir: string) => string[]>> = {
  gpkg: (csv, dir) => ['-f', 'GPKG', join(dir, 'baseline.gpkg'), `/vsigzip/${csv}`, '-gt', '65536'],
  shp: (csv, dir) => ['-f', 'ESRI Shapefile', join(dir, 'baseline.shp'), `/vsigzip/${csv}`],
  geojson: (csv, dir) => ['-f', 'GeoJSONSeq', join(dir, 'baseline.geojsonl'), `/vsigzip/${csv}`],
};
const OGR_OPEN = [
  '-oo',
  'AUTODETECT_TYPE=YES',
  '-oo',
  'GEOM_POSSIBLE_NAMES=geometry_wkt',
  '-oo',
  'KEEP_GEOM_COLUMNS=NO',
  '-a_srs',
  'EPSG:4326',
  '-nlt',
  'MULTIPOLYGON',
  '-nln',
  'parcels',
];

/** Lot n's boundary: a grid of lots 22 m by 33 m or so, every tenth irregular, one in a hundred in two parts. */
function lotWkt(n: number): string {
  const x0 = -86.9 + (n % 1000) * 0.0003;
  const y0 = 32.3 + Math.floor(n / 1000) * 0.0003;
  const w = 0.00018 + (n % 7) * 0.00001;
  const h = 0.00024 + (n % 5) * 0.00001;
  const f = (v: number) => v.toFixed(7);
  const ring = (x: number, y: number, pts: [number, number][]) =>
    `(${[...pts, pts[0]].map(([dx, dy]) => `${f(x + dx)} ${f(y + dy)}`).join(',')})`;
  const box: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  if (n % 100 === 0) {
    const half: [number, number][] = box.map(([dx, dy]) => [dx / 2.5, dy]);
    return `"MULTIPOLYGON ((${ring(x0, y0, half)}),(${ring(x0 + w * 0.6, y0, half)}))"`;
  }
  const shape: [number, number][] =
    n % 10 === 0
      ? [
          [0, 0],
          [w, 0],
          [w, h * 0.7],
          [w * 0.6, h],
          [0, h],
        ]
      : box;
  return `"POLYGON (${ring(x0, y0, shape)})"`;
}

/** The generated county file with a boundary in every record's geometry_wkt, made once and kept beside it. */
async function withBoundaries(csv: string): Promise<string> {
  const path = csv.replace(/\.csv\.gz$/, '-boundaries.csv.gz');
  if (existsSync(path)) return path;
  let boundary = -1;
  let n = 0;
  let out: Buffer[] = [];
  const reader = new CsvRecordReader({
    header: (columns, record) => {
      boundary = columns.indexOf('geometry_wkt');
      out.push(Buffer.from(record.bytes.subarray(record.start, record.end)));
    },
    record: (record) => {
      const { bytes, start, end, starts, ends } = record;
      const quoted = bytes[starts[boundary] - 1] === 0x22;
      const wkt = lotWkt(++n);
      out.push(
        Buffer.concat([
          bytes.subarray(start, starts[boundary]),
          Buffer.from(quoted ? wkt.slice(1, -1) : wkt),
          bytes.subarray(ends[boundary], end),
        ]),
      );
    },
  });
  const partial = `${path}.${process.pid}.partial`;
  await pipeline(
    createReadStream(csv),
    createGunzip(),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        reader.push(chunk);
        const ready = Buffer.concat(out);
        out = [];
        done(null, ready);
      },
      flush(done) {
        reader.end();
        done(null, Buffer.concat(out));
      },
    }),
    createGzip({ level: 1 }),
    createWriteStream(partial),
  );
  await rename(partial, path);
  return path;
}

export async function benchDatasetFormats(_app: BenchApp): Promise<ResultRow[]> {
  const csv = await withBoundaries(await generatedRelease(COUNTY, 'previous'));
  const mb = (bytes: number) => `${figure(bytes / 1024 / 1024)} MB`;
  const rows: ResultRow[] = [];
  let total = 0;
  let peak = 0;
  // `--formats gpkg,parquet` measures some of them.
  const at = process.argv.indexOf('--formats');
  const formats =
    at === -1 ? CONVERTED_FORMATS : CONVERTED_FORMATS.filter((f) => process.argv[at + 1].split(',').includes(f));
  for (const format of formats) {
    const dir = await mkdtemp(join(tmpdir(), 'cds-bench-formats-'));
    try {
      const ours = await timed(process.execPath, [
        join(__dirname, 'support', 'convert-county-file.js'),
        format,
        csv,
        dir,
      ]);
      const made = JSON.parse(ours.stdout) as {
        bytes: number;
        records: number;
        geometry: string;
        nodePeakRssBytes: number;
      };
      if (made.geometry === 'Point') throw new Error(`The ${format} of the county was written with points`);
      total += ours.seconds;
      peak = Math.max(peak, ours.peakBytes);
      const baseline = OGR_BASELINE[format];
      let comparison = 'no ogr2ogr to compare with (GDAL 3.6 has no Parquet driver)';
      if (baseline) {
        const gdal = await timed('ogr2ogr', [...baseline(csv, dir), ...OGR_OPEN]);
        const ratio = ours.seconds / gdal.seconds;
        const target =
          format === 'geojson' ? '' : ` (target ≤ ${GDAL_TARGET_RATIO}×: ${verdict(ratio <= GDAL_TARGET_RATIO)})`;
        comparison = `${figure(ratio, 2)}× ogr2ogr alone (${figure(gdal.seconds, 1)} s, ${mb(gdal.peakBytes)})${target}`;
      }
      rows.push([
        `Formats: ${formatInfo(format).name} of a ${figure(made.records)}-parcel county with polygons`,
        `${figure(ours.seconds, 1)} s, peak RSS ${mb(ours.peakBytes)} (Node ${mb(made.nodePeakRssBytes)}), ` +
          `${mb(made.bytes)}; ${comparison}`,
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  rows.push([
    `Formats: ${formats.length === CONVERTED_FORMATS.length ? 'all four conversions' : formats.join(', ')} of the county, one after another`,
    `${figure(total, 1)} s, peak RSS ${mb(peak)} (the CSV is the source: nothing to convert)`,
  ]);
  return rows;
}
