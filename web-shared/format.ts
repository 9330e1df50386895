const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,200" for whole dollars, "$1,200.50" otherwise. */
export function formatDollars(amount: number): string {
  return (Number.isInteger(amount) ? dollars : dollarsAndCents).format(amount);
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Dates as docs/store-spec.md §9 shows them: "Jan 5, 2025" (the calendar day in UTC, as the server stores it). */
export function formatDate(value: string | Date): string {
  return shortDate.format(typeof value === 'string' ? new Date(value) : value);
}

/** "1 county", "2 counties". */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A file size as people read it: "812 bytes", "1.4 MB", "12 MB" (1 KB = 1,024 bytes, like file managers). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value.toFixed(value < 10 ? 1 : 0).replace(/\.0$/, '')} ${UNITS[unit]}`;
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A data release ("2026-11") as a person says it: "November 2026". Anything else is shown as it came. */
export function formatRelease(release: string): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(release);
  if (!match) return release;
  return monthYear.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
