/**
 * Section: converting one 1-million-parcel county to every format, each in a process of its own as
 * the worker runs it (its V8 flags; normalizing the CSV, then GDAL's ogr2ogr or DuckDB), timed, with the peak
 * resident memory of its largest process (GNU time's %M: the Node process, DuckDB inside it, or
 * ogr2ogr). Beside each GDAL format, ogr2ogr alone converting the same gzip CSV to the same format
 * (types guessed from the first megabyte, /vsigzip/, the geometry from geometry_wkt promoted to
 * MultiPolygon): the target is at most 1.5× for gpkg and shp. The county file is the
 * release-compare section's generated one, a parcel boundary in every record (lots on a grid, some
 * irregular, one in a hundred in two parts), kept in /tmp between runs.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CONVERTED_FORMATS, formatInfo } from '../src/contracts/dataset-formats';
import { generatedRelease } from './release-compare';
import { nodeArgumentsOf, type BenchApp } from './support/bench-app';
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

/** The worker's V8 flags (npm run start:worker without its script): the conversion runs as in the worker. */
const WORKER_V8_FLAGS = nodeArgumentsOf('start:worker').slice(0, -1);

export async function benchDatasetFormats(_app: BenchApp): Promise<ResultRow[]> {
  // The compare section's generated release: every parcel with its boundary.
  const csv = await generatedRelease(COUNTY, 'previous');
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
        ...WORKER_V8_FLAGS,
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
