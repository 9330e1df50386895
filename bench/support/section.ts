import type { BenchApp } from './bench-app';

/** One line of the results table: what was measured, and the figure with its target. */
export type ResultRow = [measure: string, result: string];

/** A part of `npm run bench`, run against the store the runner started. */
export type BenchSection = (app: BenchApp) => Promise<ResultRow[]>;

/** "1,234.5 req/s" style numbers for the table. */
export const figure = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** "met" or "MISSED", so a reader sees at once where the store falls short. */
export const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
