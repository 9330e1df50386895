import { Transform } from 'node:stream';
import { copyText } from '../../../database/copy-text';
import { CHANGE_COLUMNS, CsvRecordReader, fieldValue } from '../../data-schema';

/**
 * Where a change file's row index is stored: beside it, named by the file's SHA-256, so that an
 * index never describes another version of the file (a comparison run again rewrites both).
 */
export const changeRowsKey = (storageKey: string, sha256: string) =>
  `${storageKey.replace(/\.csv\.gz$/, '')}.rows-${sha256.slice(0, 16)}.tsv.gz`;

/** A change file's header: its record's columns and where the fold's own columns are. */
export interface ChangeFileColumns {
  all: string[];
  record: string[];
  change: number;
  /** -1 in change files written before typed changes: their changes list no fields. */
  changedFields: number;
  parcelId: number;
}

export function changeFileColumns(names: string[]): ChangeFileColumns {
  const change = names.indexOf('change');
  const parcelId = names.indexOf('parcel_id');
  if (change === -1 || parcelId === -1) throw new Error('a change file must have change and parcel_id columns');
  return {
    all: names,
    record: names.filter((name) => !(CHANGE_COLUMNS as readonly string[]).includes(name)),
    change,
    changedFields: names.indexOf('changed_fields'),
    parcelId,
  };
}

/**
 * A change file's CSV in, its row index out: a line a row, in COPY's text format, of the row's
 * number (1 for the first after the header), parcel_id, change and changed_fields; never the
 * record. What folding change files reads (see NetChangesSession.load), stored beside each change
 * file as it is written, and made from the file itself for one stored without.
 */
export function changeRowLines(): Transform {
  let columns: ChangeFileColumns | null = null;
  let out = '';
  const reader = new CsvRecordReader({
    header: (names) => (columns = changeFileColumns(names)),
    record: (record) => {
      const { parcelId, change, changedFields } = columns!;
      const parcel = fieldValue(record, parcelId);
      // A record without a parcel_id was never compared: change files hold none, but a hand-made one might.
      if (parcel === '') return;
      out += `${record.number}\t${copyText(parcel)}\t${copyText(fieldValue(record, change))}\t${copyText(fieldValue(record, changedFields))}\n`;
    },
  });
  // Nothing rather than an empty chunk when a chunk ended no record.
  const take = () => {
    const text = out;
    out = '';
    return text === '' ? undefined : text;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        reader.push(chunk);
      } catch (error) {
        return done(error as Error);
      }
      done(null, take());
    },
    flush(done) {
      try {
        reader.end();
      } catch (error) {
        return done(error as Error);
      }
      done(null, take());
    },
  });
}
