import { csvCell } from '@contracts/csv-cell';

/**
 * CSV exports for staff (RFC 4180), safe to open in a spreadsheet.
 *
 * Customer-entered text (names, emails) ends up in these files, so a cell that a spreadsheet
 * would read as a formula ("=HYPERLINK(…)", "+1…", "-2+3", "@SUM(…)", "  =1+1") gets a leading
 * apostrophe: the spreadsheet then shows it as text instead of running it (the store's one rule,
 * src/contracts/csv-cell.ts).
 */
export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

// One cell: text neutralised if it could be a formula, quoted when it holds a comma, quote or line break.
export { csvCell };

/** The whole file: a header line, then one line per row, lines ended by CRLF as RFC 4180 asks. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => csvCell(column.header))];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))));
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}

/** "subscriptions-2026-11-23.csv": the day of the export on the staff member's own calendar. */
export function csvFileName(prefix: string, day: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.csv`;
}

/** Saves the text as a file through the browser's download. */
export function downloadCsv(fileName: string, csv: string): void {
  // The byte-order mark makes Excel read the file as UTF-8, so accented names survive.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the file after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
