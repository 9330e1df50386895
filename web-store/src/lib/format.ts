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

/** Dates as the spec shows them: "Jan 5, 2025" (the calendar day in UTC, as the server stores it). */
export function formatDate(value: string | Date): string {
  return shortDate.format(typeof value === 'string' ? new Date(value) : value);
}

/** "1 county", "2 counties". */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
