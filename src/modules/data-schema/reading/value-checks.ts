import type { FieldType } from '../data-schema';

const ZERO = 0x30;
const NINE = 0x39;
const MINUS = 0x2d;
const DOT = 0x2e;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether bytes [start, end) of `bytes` are a valid value of a field of this type. Works on
 * the bytes, without making a string, since it runs for every typed value of a file. Empty
 * is valid (the field is just not filled). What is accepted:
 * - integer: digits, an optional leading minus (`-12`, `0`, `350000`);
 * - decimal: an integer with an optional fraction (`-76.61`, `0.5`, `12.`, `.5`), no exponent;
 * - money: dollars as a decimal with at most two fraction digits (`1250`, `1250.5`, `-3.25`),
 *   without currency sign or thousands separators;
 * - date: `YYYY-MM-DD`, a day that exists on the calendar (`2024-02-29` yes, `2023-02-29` no);
 * - boolean: `true` or `false`, in any letter case;
 * - geometry: WKT of a POLYGON or MULTIPOLYGON (letter case free); its rings are read later,
 *   where the shape is checked and repaired;
 * - text: anything.
 */
export function isValidValue(type: FieldType, bytes: Buffer, start: number, end: number): boolean {
  if (end <= start) return true;
  switch (type) {
    case 'text':
      return true;
    case 'integer':
      return isInteger(bytes, start, end);
    case 'decimal':
      return isDecimal(bytes, start, end, Infinity);
    case 'money':
      return isDecimal(bytes, start, end, 2);
    case 'date':
      return isDate(bytes, start, end);
    case 'boolean':
      return isBoolean(bytes, start, end);
    case 'geometry':
      return isPolygonalWkt(bytes, start, end);
  }
}

const POLYGONAL_WKT = /^\s*(?:MULTI)?POLYGON\s*(?:Z\s*|M\s*|ZM\s*)?(?:\(|EMPTY\b)/i;

/** Only the tag is read here: a shape's coordinates are checked where it is made valid. */
function isPolygonalWkt(bytes: Buffer, start: number, end: number): boolean {
  return POLYGONAL_WKT.test(bytes.toString('latin1', start, Math.min(end, start + 32)));
}

/** The same check on a string, for tests and callers that have one. */
export function isValidText(type: FieldType, value: string): boolean {
  const bytes = Buffer.from(value, 'utf8');
  return isValidValue(type, bytes, 0, bytes.length);
}

const isDigit = (byte: number) => byte >= ZERO && byte <= NINE;

function isInteger(bytes: Buffer, start: number, end: number): boolean {
  let i = bytes[start] === MINUS ? start + 1 : start;
  if (i === end) return false;
  for (; i < end; i++) if (!isDigit(bytes[i])) return false;
  return true;
}

function isDecimal(bytes: Buffer, start: number, end: number, maxFraction: number): boolean {
  let i = bytes[start] === MINUS ? start + 1 : start;
  let digits = 0;
  for (; i < end && isDigit(bytes[i]); i++) digits++;
  if (i === end) return digits > 0;
  if (bytes[i] !== DOT) return false;
  i++;
  let fraction = 0;
  for (; i < end && isDigit(bytes[i]); i++) fraction++;
  return i === end && digits + fraction > 0 && fraction <= maxFraction;
}

function number(bytes: Buffer, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    if (!isDigit(bytes[i])) return -1;
    value = value * 10 + bytes[i] - ZERO;
  }
  return value;
}

function isDate(bytes: Buffer, start: number, end: number): boolean {
  if (end - start !== 10 || bytes[start + 4] !== MINUS || bytes[start + 7] !== MINUS) return false;
  const year = number(bytes, start, start + 4);
  const month = number(bytes, start + 5, start + 7);
  const day = number(bytes, start + 8, start + 10);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

function isBoolean(bytes: Buffer, start: number, end: number): boolean {
  const length = end - start;
  if (length !== 4 && length !== 5) return false;
  // ASCII letters to lower case; other bytes stay unequal to the letters compared.
  const word = bytes.toString('latin1', start, end).toLowerCase();
  return word === 'true' || word === 'false';
}
