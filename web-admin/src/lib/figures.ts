import { formatDollars } from '@web-shared/format';

/** Dollars as staff read them: rounded to whole dollars, locale grouped ("$12,345"). */
export function wholeDollars(amount: number | null | undefined): string {
  return formatDollars(Math.round(amount ?? 0));
}

/** A percentage with one decimal ("2.5%"), as docs/store-spec.md §2 shows conversion and funnel rates. */
export function oneDecimalPercent(value: number | null | undefined): string {
  return `${(Math.round((value ?? 0) * 10) / 10).toFixed(1)}%`;
}

/** A count, locale grouped ("12,345"). */
export function count(value: number | null | undefined): string {
  return (value ?? 0).toLocaleString('en-US');
}
