import { ValueTransformer } from 'typeorm';

/**
 * Money is integer cents inside the system. The schema keeps the
 * numeric(10,2) dollars of docs/store-spec.md §3; this converts at the column without floating point.
 */
export const centsColumn: ValueTransformer = {
  to: (cents: number | null | undefined) => (cents == null ? cents : centsToDecimal(cents)),
  from: (decimal: string | null) => (decimal == null ? null : decimalToCents(decimal)),
};

export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function decimalToCents(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`Not a money amount: ${decimal}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Cents as a number of dollars, for API answers. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** A stored numeric(10,2) amount as a number of dollars, for API answers (exact to the cent). */
export function decimalToDollars(decimal: string): number {
  return centsToDollars(decimalToCents(decimal));
}

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,700.00": for people, at the edges only. */
export function formatDollars(cents: number): string {
  return currency.format(cents / 100);
}
