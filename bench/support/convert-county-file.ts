/**
 * One conversion, in a process of its own so that its time and peak memory are its own: the formats
 * section runs it as `node dist/bench/support/convert-county-file.js <format> <county.csv.gz> <dir>`.
 * Prints the converted file's size and this process's peak RSS (DuckDB's included; ogr2ogr's is its own).
 */
import { createReadStream, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { ConvertedFormat } from '../../src/contracts/dataset-formats';
import { convertCountyFile } from '../../src/modules/formats/converters';

async function main(): Promise<void> {
  const [format, csv, dir] = process.argv.slice(2);
  const { path, normalized, geometry } = await convertCountyFile(
    format as ConvertedFormat,
    createReadStream(csv).pipe(createGunzip({ chunkSize: 256 * 1024 })),
    dir,
    'full',
  );
  process.stdout.write(
    JSON.stringify({
      bytes: statSync(path).size,
      records: normalized.records,
      geometry,
      nodePeakRssBytes: process.resourceUsage().maxRSS * 1024,
    }),
  );
}

void main();
