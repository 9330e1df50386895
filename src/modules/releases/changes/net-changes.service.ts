import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import {
  CHANGE_TYPES,
  changeTypeOf,
  CsvRecordReader,
  fieldValue,
  keptRecord,
  LIST_SEPARATOR,
  type ChangeType,
  type RecordView,
} from '../../data-schema';
import { CountyDataset, CountyDatasetsRepository } from '../files/county-datasets.repository';
import { ReleaseHistoryRepository } from '../files/release-history.repository';
import { readColumns, readHeader } from '../compare/change-file';
import { ChangeFileColumns, changeFileColumns, changeRowLines, changeRowsKey } from './change-rows';
import { NetChange, NetChangesRepository, NetChangesSession, WantedRow } from './net-changes.repository';

/** Which releases of a county to span: its copy at `since`, brought to `through` (both published). */
export interface ReleaseSpan {
  countyId: string;
  since: string;
  through: string;
}

/** One parcel's net change over a span, with its record now (or, removed, its last record). */
export interface NetChangeRow {
  change: NetChange;
  changeTypes: ChangeType[];
  /** Fields that differ, in the record's column order. */
  changedFields: string[];
  /** The record's values, by NetChanges.columns ('' where its file had no such column). */
  values: string[];
}

/** A span's net changes, read as they are used: the rows stream from the change files. */
export interface NetChanges {
  /** The record's columns: those of the last release's change file. */
  columns: string[];
  /** The schema version of the last release's change file. */
  schemaVersion: string;
  rows: AsyncIterable<NetChangeRow>;
}

/**
 * A county's changes from a release to a later one, net: its change files in between folded by
 * parcel (see NetChangesRepository), then read once more for the records to answer. A parcel added
 * and removed again in between is absent; one removed carries its last record; one changed lists
 * every field its changes touched, and one that was removed and came back lists those that differ
 * from its record before. Memory holds a batch of rows, and the records of parcels that came back.
 */
@Injectable()
export class NetChangesService {
  constructor(
    private readonly history: ReleaseHistoryRepository,
    private readonly datasets: CountyDatasetsRepository,
    private readonly storage: DatasetStorage,
    private readonly repository: NetChangesRepository,
  ) {}

  /**
   * Runs `use` with the span's net changes while their connection is held: `use` reads the rows
   * (an answer streams them). 404 when `since` is not a published release of the county; 409 when a
   * release in between has no change file to fold.
   */
  async withNetChanges<T>(span: ReleaseSpan, use: (changes: NetChanges) => Promise<T>): Promise<T> {
    const files = await this.changeFiles(span);
    return this.repository.session(async (session) => {
      const headers: ChangeFileColumns[] = [];
      for (const [i, file] of files.entries()) {
        headers.push(changeFileColumns(await readColumns(this.storage.read(file.storageKey))));
        await session.load(i + 1, await this.rowIndexOf(file));
      }
      if (files.length > 0) await session.fold();
      const newest = files.length > 0 ? { columns: headers.at(-1)!.record, file: files.at(-1)! } : null;
      const { columns, file } = newest ?? (await this.fullFileOf(span));
      return use({
        columns,
        schemaVersion: file.schemaVersion,
        rows: this.rows(session, files, headers, columns),
      });
    });
  }

  /** The change files of the releases after `since` through `through`, oldest first. */
  private async changeFiles({ countyId, since, through }: ReleaseSpan): Promise<CountyDataset[]> {
    const published = (await this.history.history(countyId, through)).filter((r) => r.release >= since).reverse();
    if (published[0]?.release !== since) {
      throw new NotFoundException(`The county has no published release ${since}`);
    }
    const later = published.slice(1);
    const missing = later.find((r) => !r.changeDatasetId);
    if (missing) {
      throw new ConflictException(
        `The changes since ${since} cannot be put together: the county's ${missing.release} release has no change file. ` +
          `Download its full file instead`,
      );
    }
    const files = await this.datasets.findByIds(later.map((r) => r.changeDatasetId!));
    return later.map((r) => files.find((f) => f.id === r.changeDatasetId)!);
  }

  /** With no change in the span (since is the last release): its full file, and that file's columns. */
  private async fullFileOf({ countyId, since }: ReleaseSpan): Promise<{ columns: string[]; file: CountyDataset }> {
    const release = await this.history.release(countyId, since);
    if (!release) throw new NotFoundException(`The county has no published release ${since}`);
    return { columns: await readHeader(this.storage.read(release.full.storageKey)), file: release.full };
  }

  /**
   * The change file's row index (see changeRowLines): the one stored beside it, or, for a file
   * stored without one, made from the file as it is read.
   */
  private async rowIndexOf(file: CountyDataset): Promise<[Readable, ...Duplex[]]> {
    const index = changeRowsKey(file.storageKey, file.sha256);
    if ((await this.storage.size(index)) !== null) return [this.storage.read(index), createGunzip()];
    return [this.storage.read(file.storageKey), createGunzip(), changeRowLines()];
  }

  /** The files read once more, oldest first: each parcel's last row, answered with its net change. */
  private async *rows(
    session: NetChangesSession,
    files: CountyDataset[],
    headers: ChangeFileColumns[],
    columns: string[],
  ): AsyncGenerator<NetChangeRow> {
    const order = new Map(columns.map((column, i) => [column, i]));
    // The last record before each removal of a parcel that came back: compared with its record now.
    const before = new Map<string, Map<string, string>>();
    for (const [i, file] of files.entries()) {
      const header = headers[i];
      const places = columns.map((column) => header.all.indexOf(column));
      const batches = session.wanted(i + 1);
      let batch: WantedRow[] = [];
      let at = 0;
      for await (const record of recordsOf(this.storage.read(file.storageKey))) {
        while (at === batch.length) {
          const next = await batches.next();
          if (next.done) break;
          [batch, at] = [next.value, 0];
        }
        if (at === batch.length) break;
        const wanted = batch[at];
        if (record.number !== wanted.row) continue;
        at++;
        if (wanted.keep) {
          before.set(
            wanted.parcelId,
            new Map(header.record.map((c) => [c, fieldValue(record, header.all.indexOf(c))])),
          );
          continue;
        }
        const values = places.map((place) => fieldValue(record, place));
        const changedFields =
          wanted.change !== 'changed'
            ? []
            : wanted.cameBack
              ? mergedFields(wanted.fields, differingFields(before.get(wanted.parcelId), columns, values), order)
              : mergedFields(wanted.fields, [], order);
        if (wanted.cameBack) before.delete(wanted.parcelId);
        yield {
          change: wanted.change,
          changeTypes: wanted.change === 'changed' ? typesOf(changedFields) : [wanted.change],
          changedFields,
          values,
        };
      }
      await batches.return(undefined);
    }
  }
}

/** A gzip CSV's records as they stream, each kept beyond its chunk (see keptRecord). */
async function* recordsOf(file: Readable): AsyncGenerator<RecordView> {
  const gunzip = createGunzip();
  const read = pipeline(file, gunzip).catch((error: Error) => gunzip.destroy(error));
  let found: RecordView[] = [];
  const reader = new CsvRecordReader({ header: () => undefined, record: (record) => found.push(keptRecord(record)) });
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      reader.push(chunk);
      const records = found;
      found = [];
      yield* records;
    }
    reader.end();
    yield* found;
  } finally {
    file.destroy();
    gunzip.destroy();
    await read;
  }
}

/** The fields listed by a parcel's changes and those found to differ, once each, in column order. */
function mergedFields(listed: string | null, differing: string[], order: Map<string, number>): string[] {
  const fields = new Set([...(listed ? listed.split(LIST_SEPARATOR) : []), ...differing]);
  const placeOf = (field: string) => order.get(field) ?? order.size;
  return [...fields].sort((a, b) => placeOf(a) - placeOf(b));
}

/** The columns whose values differ from a record before ('' where it had no such column). */
function differingFields(before: Map<string, string> | undefined, columns: string[], values: string[]): string[] {
  return columns.filter((column, i) => (before?.get(column) ?? '') !== values[i]);
}

function typesOf(fields: string[]): ChangeType[] {
  const made = new Set(fields.map(changeTypeOf));
  return CHANGE_TYPES.filter((type) => made.has(type));
}
