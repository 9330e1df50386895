import { countOf } from '@web-shared/format';
import { HttpError } from '@/lib/http';

/** How the portfolio names the owner's place on a parcel. */
export const ROLE_LABELS: Record<'owner' | 'owner2' | 'both', string> = {
  owner: 'Owner',
  owner2: 'Second owner',
  both: 'Owner and second owner',
};

export const KIND_LABELS: Record<'person' | 'entity', string> = {
  person: 'Person',
  entity: 'Company or organization',
};

/**
 * What the owner holds in counties the customer does not have, as a sentence ("Also holds 12
 * parcels in 3 counties you don't have"); null when nothing. The counties are never named: the
 * customer has not bought them.
 */
export function elsewhereText(elsewhere: { parcels: number; counties: number }): string | null {
  if (elsewhere.parcels <= 0) return null;
  const counties = Math.max(elsewhere.counties, 1);
  return `Also holds ${countOf(elsewhere.parcels, 'parcel', 'parcels')} in ${countOf(
    counties,
    'county',
    'counties',
  )} you don't have`;
}

/** "2 parcels in 1 of your counties". */
export function holdingsText(parcels: number, counties: number): string {
  return `${countOf(parcels, 'parcel', 'parcels')} in ${counties.toLocaleString('en-US')} of your counties`;
}

/** Why an owner lookup failed, as the page explains it. */
export type OwnerProblem =
  | { kind: 'signed-out' }
  | { kind: 'no-tracker' }
  | { kind: 'not-found' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

/**
 * A 401 is a lost session (the page's sign-in check sends the customer to sign in), a 403 a
 * customer without County Tracker (the page offers the counties instead), a 404 an owner not in
 * the customer's counties, any other 4xx a question the API refused in its own words.
 */
export function ownerProblem(error: unknown, fallback: string): OwnerProblem {
  if (error instanceof HttpError) {
    if (error.status === 401) return { kind: 'signed-out' };
    if (error.status === 403) return { kind: 'no-tracker' };
    if (error.status === 404) return { kind: 'not-found' };
    if (error.status >= 400 && error.status < 500 && error.serverMessage) {
      return { kind: 'refused', message: error.serverMessage };
    }
  }
  return { kind: 'failed', message: fallback };
}
