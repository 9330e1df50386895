import { formatDollars } from '@web-shared/format';

/** Cents as the console shows money: "$1,700", "$200.50". */
export const dollarsOf = (cents: number) => formatDollars(cents / 100);

/** A customer as staff call them: their name, else their email, else that they have neither. */
export function customerLabel(customer: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): string {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  return name || customer.email || 'A customer with no email';
}

/**
 * Dollars typed for a partial refund, as cents: a positive amount with at most two decimals, no more
 * than what is still refundable. Answers the cents, or why the amount cannot be refunded.
 */
export function refundCents(dollars: number | null | undefined, refundableCents: number): number | string {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars)) return 'Enter an amount in dollars';
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) return 'Use at most two decimals (cents)';
  if (cents < 1) return 'Refund at least $0.01';
  if (cents > refundableCents) return `At most ${dollarsOf(refundableCents)} of this order is refundable`;
  return cents;
}

/** The end a subscription would have after an extension, as the server counts it (months clamp to the month's end). */
export function extendedEnd(end: Date, unit: 'days' | 'months', count: number): Date {
  if (unit === 'days') return new Date(end.getTime() + count * 24 * 3600 * 1000);
  const next = new Date(end);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The kind of an email as staff read it: "tracker-delivery" is "Tracker delivery". */
export const emailKindLabel = (kind: string) => {
  const words = kind.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
