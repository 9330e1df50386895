import { BadRequestException } from '@nestjs/common';
import { formulaSafe, quotedCell } from '../../../contracts/csv-cell';
import { fieldNamesOf } from '../lookup/parcel-feature';
import { DEFAULT_BATCH_FIELDS, MATCH_COLUMNS } from './parcel-batches.constants';

/** Where a batch's columns are: `id`, and what rows are matched by (county+parcel, lat+lon, address). */
export interface BatchColumns {
  /** The header as sent (a byte-order mark dropped), for the result's header. */
  header: string[];
  id: number;
  address: number | null;
  lat: number | null;
  lon: number | null;
  county: number | null;
  parcel: number | null;
}

/** Header names each role answers to, compared trimmed and in lower case. */
const NAMES: Record<Exclude<keyof BatchColumns, 'header'>, string[]> = {
  id: ['id'],
  address: ['address'],
  lat: ['lat', 'latitude'],
  lon: ['lon', 'lng', 'longitude'],
  county: ['county', 'county_fips'],
  parcel: ['parcel', 'parcel_id', 'apn'],
};

export const HEADER_RULE =
  'The CSV’s first line must be its header, naming an id column and the columns to match by: ' +
  'address; lat and lon; or county (the county FIPS code) and parcel (the parcel number)';

/** The columns of a batch's header; refused, naming what is missing, when it cannot be matched. */
export function batchColumnsOf(header: string[]): BatchColumns {
  const names = header.map((name) => name.trim().toLowerCase());
  const find = (role: keyof typeof NAMES): number | null => {
    const at = names.flatMap((name, i) => (NAMES[role].includes(name) ? [i] : []));
    if (at.length > 1) {
      throw new BadRequestException(
        `The CSV’s header names the ${role} column twice (${at.map((i) => header[i]).join(', ')}): keep one`,
      );
    }
    return at[0] ?? null;
  };
  const columns = {
    header,
    id: find('id'),
    address: find('address'),
    lat: find('lat'),
    lon: find('lon'),
    county: find('county'),
    parcel: find('parcel'),
  };
  const shown = header.length ? header.slice(0, 10).join(', ') : 'nothing';
  if (columns.id === null)
    throw new BadRequestException(`${HEADER_RULE}. This header has no id column (it has ${shown})`);
  if ((columns.lat === null) !== (columns.lon === null)) {
    throw new BadRequestException(
      `${HEADER_RULE}. This header has ${columns.lat === null ? 'lon without lat' : 'lat without lon'}`,
    );
  }
  const byPoint = columns.lat !== null;
  const byParcel = columns.county !== null && columns.parcel !== null;
  if (columns.parcel !== null && columns.county === null) {
    throw new BadRequestException(`${HEADER_RULE}. This header has parcel without county`);
  }
  if (!byPoint && !byParcel && columns.address === null) {
    throw new BadRequestException(`${HEADER_RULE}. This header has none of them (it has ${shown})`);
  }
  return { ...columns, id: columns.id };
}

const PLAIN_NUMBER = /^-?\d{1,20}(?:\.\d{1,20})?$/;

/**
 * A cell as the result writes it: one that a spreadsheet would take as a formula gets a leading `'`
 * (the rule of src/contracts/csv-cell.ts, shared with the store's and console's exports),
 * which makes it text. A plain decimal number (`-5`, `-76.6122`) is left as it is, in every column:
 * it is no formula, and an id or a value comes back as it was sent or stored.
 */
export function safeCell(value: string): string {
  return PLAIN_NUMBER.test(value) ? value : formulaSafe(value);
}

/** One CSV line (RFC 4180, CRLF-free: `\n`), quoting what needs it. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(quotedCell).join(',')}\n`;
}

/** The fields a batch appends: those `fields=` names, in its order, or the default set. */
export function batchFieldsOf(list: string | undefined): string[] {
  if (list === undefined) return [...DEFAULT_BATCH_FIELDS];
  const names = fieldNamesOf(list);
  const clash = names.filter((name) => (MATCH_COLUMNS as readonly string[]).includes(name));
  if (clash.length > 0) throw new BadRequestException(`fields cannot name ${clash[0]}: every result has it`);
  return [...new Set(names)];
}
