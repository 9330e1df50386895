import type { Readable } from 'node:stream';
import { CsvRecordReader, fieldValue, type RecordView } from '../../data-schema';
import { MAX_ROW_BYTES } from './parcel-batches.constants';

/** A record's values as text: a quoted value's doubled quotes made single. */
function valuesOf(view: RecordView): string[] {
  return Array.from({ length: view.fields }, (_, f) => fieldValue(view, f));
}

/**
 * A batch's CSV read as it streams: first its header, then its rows in chunks of up to `size`,
 * holding no more than one chunk (and the stream's buffer) in memory.
 */
export async function* csvChunks(
  file: Readable,
  size: number,
): AsyncGenerator<{ header: string[] } | { rows: string[][] }> {
  let header: string[] | null = null;
  let rows: string[][] = [];
  const reader = new CsvRecordReader(
    {
      header: (columns) => {
        header = columns;
      },
      record: (view) => {
        rows.push(valuesOf(view));
      },
    },
    MAX_ROW_BYTES,
  );
  let headerGiven = false;
  for await (const chunk of file) {
    reader.push(chunk as Buffer);
    if (header && !headerGiven) {
      headerGiven = true;
      yield { header };
    }
    while (rows.length >= size) {
      yield { rows: rows.slice(0, size) };
      rows = rows.slice(size);
    }
  }
  reader.end();
  if (header && !headerGiven) yield { header };
  if (rows.length > 0) yield { rows };
}
