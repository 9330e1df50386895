import type { Parcel } from './api';

type Value = Parcel['properties'][string];

/** How a parcel matched: an address or owner search's score, a radius search's distance, else how it was asked. */
export function matchText(match: Parcel['match']): string {
  if (!match) return '—';
  if (match.score !== undefined) return `score ${match.score.toFixed(2)}`;
  if (match.distance_m !== undefined) return `${match.distance_m.toLocaleString('en-US')} m away`;
  return match.kind === 'point' ? 'contains the point' : match.kind;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** A property's value as a person reads it: money in dollars, yes or no, an empty one as a dash. */
export function valueText(value: Value, type?: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return type === 'money' ? dollars.format(value) : String(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A text property, or null when the parcel has none. */
export const textOf = (parcel: Parcel, name: string): string | null => {
  const value = parcel.properties[name];
  return value === null || value === undefined || value === '' ? null : valueText(value);
};
