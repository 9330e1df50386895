import { Readable } from 'node:stream';
import type { CountyForDataset } from '../../modules/releases/files/dataset-generator';
import { countyRecords, csvLine, DATASET_COLUMNS } from './synthetic-dataset';

export interface SyntheticSourceFileOptions {
  /** Records per county instead of one per 1,000 residents (about: a few slots are empty any month). */
  recordsPerCounty?: number;
  /** Records joined into one chunk: fewer, larger chunks stream faster. */
  recordsPerChunk?: number;
}

/**
 * One month's synthetic source file for many counties, as a supplier would deliver it: a plain
 * CSV (pipe it through gzip for a .csv.gz) with the schema header and each county's records, the
 * `county_fips` column telling them apart. Made county by county as it is read, so a file of any
 * size streams in little memory; the same counties and month always give the same bytes.
 */
export function syntheticSourceFile(
  counties: Iterable<CountyForDataset>,
  month: string,
  options: SyntheticSourceFileOptions = {},
): Readable {
  const perChunk = options.recordsPerChunk ?? 200;
  function* chunks(): Generator<string> {
    yield `${DATASET_COLUMNS.join(',')}\n`;
    for (const county of counties) {
      let lines: string[] = [];
      for (const record of countyRecords(county, month, { recordsPerCounty: options.recordsPerCounty })) {
        lines.push(csvLine(record));
        if (lines.length === perChunk) {
          yield `${lines.join('\n')}\n`;
          lines = [];
        }
      }
      if (lines.length > 0) yield `${lines.join('\n')}\n`;
    }
  }
  // Not object mode: a byte stream that pipes into gzip, a file or an HTTP request like any other.
  return Readable.from(chunks(), { objectMode: false });
}
