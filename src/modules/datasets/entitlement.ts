import type { PurchaseType } from '../../contracts/plans';

export interface EntitlementTerms {
  purchaseType: PurchaseType;
  status: string;
  startDate: Date;
  expirationDate: Date | null;
}

/** The monthly release (YYYY-MM) a moment falls in, in UTC. */
export function releaseOf(moment: Date): string {
  return moment.toISOString().slice(0, 7);
}

/**
 * Whether a subscription includes a release: a one-time purchase, the release
 * current when it was bought (as often as wanted); an annual one, every
 * release from its start while it is active.
 */
export function includesRelease(terms: EntitlementTerms, release: string, now: Date): boolean {
  if (terms.status !== 'active') return false;
  if (terms.purchaseType === 'one-time') return release === releaseOf(terms.startDate);
  const last = terms.expirationDate && terms.expirationDate < now ? terms.expirationDate : now;
  return release >= releaseOf(terms.startDate) && release <= releaseOf(last);
}

/** The release a subscription's download link gives now, or null when it includes none. */
export function currentRelease(terms: EntitlementTerms, now: Date): string | null {
  const release = terms.purchaseType === 'one-time' ? releaseOf(terms.startDate) : releaseOf(now);
  return includesRelease(terms, release, now) ? release : null;
}
