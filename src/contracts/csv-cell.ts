/**
 * CSV cells safe to open in a spreadsheet (OWASP "CSV injection"), for every CSV the store writes:
 * the batch results, the map's selection export and the console's exports.
 *
 * A spreadsheet runs a cell as a formula when it starts with = + - @, or with a tab or carriage
 * return, or with spaces before = + - @ (some spreadsheets skip those). Such a text gets a leading
 * apostrophe: the spreadsheet then shows it as text instead of running it.
 */
const FORMULA_START = /^(?:[=+\-@\t\r]| +[=+\-@])/;

/** The text with a leading `'` when a spreadsheet would run it as a formula; as it is otherwise. */
export function formulaSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as RFC 4180 writes it: in quotes (inner quotes doubled) when it holds a comma, quote or line break. */
export function quotedCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type CsvValue = string | number | boolean | null | undefined | object;

/**
 * One cell of a value: nothing for null, JSON for an object (a GeoJSON geometry), text guarded
 * against formulas. Numbers and booleans are values the export itself holds (amounts, a negative
 * longitude), never formulas: they are written as they are, so a spreadsheet reads them as numbers.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return quotedCell(formulaSafe(value));
  return quotedCell(typeof value === 'object' ? JSON.stringify(value) : String(value));
}
