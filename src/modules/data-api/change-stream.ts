import { NotAcceptableException } from '@nestjs/common';
import { csvField } from '../../common/csv';
import { CHANGE_COLUMNS, LIST_SEPARATOR, type ChangeType } from '../data-schema';
import type { NetChanges } from '../releases';

/** How a change stream is written, by the media type asked for. */
export const CHANGE_STREAM_TYPES = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson' } as const;
export type ChangeStreamFormat = keyof typeof CHANGE_STREAM_TYPES;

/** Text handed to the response at a time: few writes, little held. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The format an Accept header asks for: newline-delimited JSON when it names
 * application/x-ndjson (or application/jsonl), CSV when it names text/csv, anything, or nothing.
 * 406 for one that accepts neither.
 */
export function changeStreamFormat(accept: string | undefined): ChangeStreamFormat {
  const types = (accept ?? '*/*').split(',').map((part) => part.split(';')[0].trim().toLowerCase());
  if (types.some((type) => type === 'application/x-ndjson' || type === 'application/jsonl')) return 'ndjson';
  if (types.some((type) => type === 'text/csv' || type === 'text/*' || type === '*/*' || type === '')) return 'csv';
  throw new NotAcceptableException('Changes are answered as text/csv or application/x-ndjson: ask for one in Accept');
}

/**
 * The rows as text, in chunks. CSV: the change file's header (change, change_types,
 * changed_fields, then the record's columns) and a line a parcel, lists `;`-separated. NDJSON: an
 * object a line, the same keys in the same order, lists as arrays and empty values as null.
 * `types`: only parcels with one of them.
 */
export async function* changeStreamOf(
  changes: NetChanges,
  format: ChangeStreamFormat,
  types: Set<ChangeType> | null,
): AsyncGenerator<string> {
  const { columns } = changes;
  // The header goes at once: the client sees the answer begin while the first rows are read.
  if (format === 'csv') yield `${[...CHANGE_COLUMNS, ...columns].map(csvField).join(',')}\n`;
  let text = '';
  const keys = [...CHANGE_COLUMNS, ...columns].map((key) => JSON.stringify(key));
  for await (const row of changes.rows) {
    if (types && !row.changeTypes.some((type) => types.has(type))) continue;
    if (format === 'csv') {
      const cells = [row.change, row.changeTypes.join(LIST_SEPARATOR), row.changedFields.join(LIST_SEPARATOR)];
      text += `${[...cells, ...row.values].map(csvField).join(',')}\n`;
    } else {
      const values = [row.change, row.changeTypes, row.changedFields, ...row.values.map((v) => (v === '' ? null : v))];
      text += `{${values.map((value, i) => `${keys[i]}:${JSON.stringify(value)}`).join(',')}}\n`;
    }
    if (text.length >= CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  if (text) yield text;
}
