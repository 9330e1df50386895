import { ForbiddenException, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { NO_TRACKER, ParcelLookupService, type CustomerScope } from '../lookup/parcel-lookup.service';
import { houseNumberOf, normalizeAddress, parcelKey } from '../../../common/search-text';
import { type BatchColumns, batchColumnsOf, csvLine, safeCell } from './batch-csv';
import { csvChunks } from './batch-rows';
import { BATCH_CHUNK_ROWS, BATCH_CHUNKS_IN_FLIGHT, MATCH_COLUMNS, resultKeyOf } from './parcel-batches.constants';
import { ParcelBatchesRepository } from './parcel-batches.repository';
import {
  type AddressQuestion,
  type KeyQuestion,
  ParcelMatchesRepository,
  type PointQuestion,
  type RowMatch,
} from './parcel-matches.repository';

/** Rows a trigram query takes: each row is an index walk of its own, and the reader cuts a query off at 10 s. */
const SIMILAR_ROWS = 250;

type MatchKind = 'parcel' | 'point' | 'address';

/** What a chunk of rows came to: its lines of the result, and how many matched. */
interface ChunkResult {
  text: string;
  rows: number;
  matched: number;
}

/** A problem with the batch itself, told to the customer as it is; retrying would not help. */
export class BatchProblem extends UnrecoverableError {
  override name = 'BatchProblem';
}

/**
 * Runs a batch: reads its CSV as it streams, matches its rows a chunk at a time against the owner's
 * County Tracker counties (their current release), and writes the result beside it, progress
 * recorded as it goes. Run again (a retry), it starts over and writes the same result key.
 */
@Injectable()
export class ParcelBatchRunner {
  private readonly logger = new Logger('ParcelBatches');

  constructor(
    private readonly batches: ParcelBatchesRepository,
    private readonly matches: ParcelMatchesRepository,
    private readonly lookups: ParcelLookupService,
    private readonly storage: DatasetStorage,
  ) {}

  async run(batchId: string): Promise<string> {
    const batch = await this.batches.byId(batchId);
    if (!batch) return `batch ${batchId} no longer exists`;
    if (batch.status === 'done') return `batch ${batchId} was done already`;
    const scope = await this.lookups.scopeOf(batch.userId).catch((error: unknown) => {
      throw error instanceof ForbiddenException ? new BatchProblem(NO_TRACKER) : error;
    });
    await this.batches.start(batchId);
    const started = Date.now();
    const resultKey = resultKeyOf(batchId);
    const out = new PassThrough();
    const stored = this.storage.putStream(resultKey, out);
    // Should storage fail first, writing stops at once rather than waiting for a drain that never comes.
    stored.catch((error: Error) => out.destroy(error));
    let processed = 0;
    let matched = 0;
    try {
      const write = async (text: string) => {
        if (!out.write(text)) await once(out, 'drain');
      };
      let plan: Plan | null = null;
      const pending: Promise<ChunkResult>[] = [];
      const settle = async () => {
        const done = await pending.shift()!;
        await write(done.text);
        processed += done.rows;
        matched += done.matched;
        await this.batches.progress(batchId, processed, matched);
      };
      for await (const part of csvChunks(this.storage.read(batch.inputKey), BATCH_CHUNK_ROWS)) {
        if ('header' in part) {
          plan = planOf(part.header, batch.fields);
          await write(csvLine([...part.header.map((name) => safeCell(name)), ...MATCH_COLUMNS, ...batch.fields]));
          continue;
        }
        if (!plan) throw new BatchProblem('The batch’s CSV has no header');
        const chunk = this.matchChunk(scope, plan, part.rows);
        // Awaited in order below; a failure is reported there, not as an unhandled rejection meanwhile.
        chunk.catch(() => undefined);
        pending.push(chunk);
        if (pending.length >= BATCH_CHUNKS_IN_FLIGHT) await settle();
      }
      while (pending.length > 0) await settle();
      out.end();
      await stored;
    } catch (error) {
      out.destroy(error as Error);
      await stored.catch(() => undefined);
      throw error;
    }
    const resultBytes = (await this.storage.size(resultKey)) ?? 0;
    await this.batches.finish(batchId, { processed, matched, resultKey, resultBytes });
    const seconds = (Date.now() - started) / 1000;
    this.logger.log(`Batch ${batchId}: ${matched} of ${processed} rows matched in ${seconds.toFixed(1)} s`);
    return `${matched} of ${processed} rows matched`;
  }

  /** Matches a chunk's rows, each by the first it has: county and parcel, lat and lon, or address. */
  private async matchChunk(scope: CustomerScope, plan: Plan, rows: string[][]): Promise<ChunkResult> {
    const keys: KeyQuestion[] = [];
    const points: PointQuestion[] = [];
    const addresses: AddressQuestion[] = [];
    rows.forEach((row, i) => {
      const question = questionOf(plan.columns, scope, row);
      if (question?.kind === 'parcel') keys.push({ i, key: question.key });
      else if (question?.kind === 'point') points.push({ i, lon: question.lon, lat: question.lat });
      else if (question?.kind === 'address') addresses.push({ i, ...question });
    });
    const fields = plan.fieldNames;
    const found = new Map<number, { kind: MatchKind; match: RowMatch }>();
    const keep = (kind: MatchKind) => (list: RowMatch[]) =>
      list.forEach((match) => found.set(match.i, { kind, match }));
    await Promise.all([
      this.matches.byKeys(scope, fields, keys).then(keep('parcel')),
      this.matches.byPoints(scope, fields, points).then(keep('point')),
      this.matchAddresses(scope, fields, addresses).then(keep('address')),
    ]);
    let text = '';
    for (const [i, row] of rows.entries()) {
      const hit = found.get(i);
      const input = plan.columns.header.map((_, c) => safeCell(row[c] ?? ''));
      const appended = hit
        ? [
            safeCell(hit.match.parcelKey),
            hit.kind,
            String(hit.match.score),
            ...hit.match.values.map((value) => safeCell(value ?? '')),
          ]
        : ['', 'none', '', ...fields.map(() => '')];
      text += csvLine([...input, ...appended]);
    }
    return { text, rows: rows.length, matched: found.size };
  }

  /**
   * Addresses spelled as a record spells them are matched exactly; only the rest by similarity:
   * those with a house number first among the parcels of that number and the street's first
   * letter, and those that found nothing there among all parcels of the number (a misspelt first
   * letter). Fewer candidates are what makes a misspelt street cheap: a number alone is shared by
   * thousands of a county's parcels, each compared.
   */
  private async matchAddresses(scope: CustomerScope, fields: string[], questions: AddressQuestion[]) {
    const exact = await this.matches.byExactAddresses(scope, fields, questions);
    const found = new Set(exact.map((match) => match.i));
    const rest = questions.filter((question) => !found.has(question.i));
    const numbered = rest.flatMap((question) =>
      question.number === null ? [] : [{ ...question, prefix: streetPrefixOf(question.text, question.number) }],
    );
    const unnumbered = inParts(
      rest.filter((question) => question.number === null),
      (part) => this.matches.bySimilarAddresses(scope, fields, part),
    );
    // Awaited below; a failure is reported there, not as an unhandled rejection meanwhile.
    unnumbered.catch(() => undefined);
    const narrow = await inParts(numbered, (part) => this.matches.bySimilarNumberedAddresses(scope, fields, part));
    const narrowFound = new Set(narrow.map((match) => match.i));
    const wide = numbered
      .filter((question) => !narrowFound.has(question.i) && question.prefix !== `${question.number} `)
      .map((question) => ({ ...question, prefix: `${question.number} ` }));
    const wider = await inParts(wide, (part) => this.matches.bySimilarNumberedAddresses(scope, fields, part));
    return [...exact, ...narrow, ...wider, ...(await unnumbered)];
  }
}

/** Trigram questions, SIMILAR_ROWS rows a query, side by side: the reader's pool bounds how many run at once. */
async function inParts<Q>(questions: Q[], query: (part: Q[]) => Promise<RowMatch[]>): Promise<RowMatch[]> {
  const parts: Promise<RowMatch[]>[] = [];
  for (let at = 0; at < questions.length; at += SIMILAR_ROWS) parts.push(query(questions.slice(at, at + SIMILAR_ROWS)));
  return (await Promise.all(parts)).flat();
}

/** "101 M" of "101 MAIN ST": the house number, a space, and the first character after it. */
function streetPrefixOf(text: string, number: string): string {
  const first = Array.from(text.slice(number.length + 1))[0] ?? '';
  return `${number} ${first}`;
}

interface Plan {
  columns: BatchColumns;
  fieldNames: string[];
}

function planOf(header: string[], fieldNames: string[]): Plan {
  let columns: BatchColumns;
  try {
    columns = batchColumnsOf(header);
  } catch (error) {
    throw new BatchProblem((error as Error).message);
  }
  return {
    columns,
    fieldNames,
  };
}

type Question =
  | { kind: 'parcel'; key: string }
  | { kind: 'point'; lon: number; lat: number }
  | { kind: 'address'; text: string; countyId: string | null; number: string | null };

const cell = (row: string[], column: number | null) => (column === null ? '' : (row[column] ?? '').trim());
const DEGREES = /^-?\d{1,3}(?:\.\d{1,20})?$/;
/** Characters of an address compared, as the lookups' address search takes at most. */
const MAX_ADDRESS = 200;

/** A county FIPS code as a row gives it; four digits are one whose leading zero a spreadsheet dropped. */
function fipsOf(value: string): string | null {
  if (/^\d{5}$/.test(value)) return value;
  if (/^\d{4}$/.test(value)) return `0${value}`;
  return null;
}

/** What a row asks: the first of county and parcel, lat and lon, address that it has; null when none. */
function questionOf(columns: BatchColumns, scope: CustomerScope, row: string[]): Question | null {
  const fips = fipsOf(cell(row, columns.county));
  const parcel = cell(row, columns.parcel);
  if (fips && parcel) {
    const key = parcelKey(fips, parcel);
    if (key.length > fips.length) return { kind: 'parcel', key };
  }
  const [lat, lon] = [cell(row, columns.lat), cell(row, columns.lon)];
  if (DEGREES.test(lat) && DEGREES.test(lon)) {
    const [y, x] = [Number(lat), Number(lon)];
    if (Math.abs(y) <= 90 && Math.abs(x) <= 180) return { kind: 'point', lon: x, lat: y };
  }
  // The street line only: a city, state or ZIP after a comma is not in the records' site address.
  const text = normalizeAddress(cell(row, columns.address).split(',')[0].slice(0, MAX_ADDRESS));
  if (!text) return null;
  const countyId = fips ? scope.idsByFips.get(fips) : null;
  // A county that is not one of the customer's has no parcels for them: the row matches nothing.
  if (countyId === undefined) return null;
  return { kind: 'address', text, countyId, number: houseNumberOf(text) };
}
