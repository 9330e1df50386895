import type { PurchaseType } from '../../../contracts/plans';
import type { CurrentRelease } from './current-release';

export interface EntitlementTerms {
  purchaseType: PurchaseType;
  status: string;
  startDate: Date;
  expirationDate: Date | null;
}

/** The moments whose current county files bound what a subscription includes. */
export interface EntitledPeriod {
  from: Date;
  to: Date;
}

/** The monthly release (YYYY-MM) a moment falls in, in UTC. */
export function releaseOf(moment: Date): string {
  return moment.toISOString().slice(0, 7);
}

/**
 * What a subscription includes at `now`, as a period whose ends are looked up in the
 * county's files: a one-time purchase, the file current when it was bought (as often as
 * wanted, however the data moves on); an annual one, while it is active and not past its
 * expiration, every file from the one current at its start through the one current now.
 * Null when it includes nothing (cancelled, refunded, expired).
 */
export function entitledPeriod(terms: EntitlementTerms, now: Date): EntitledPeriod | null {
  if (terms.status !== 'active') return null;
  if (terms.purchaseType === 'one-time') return { from: terms.startDate, to: terms.startDate };
  if (terms.expirationDate && terms.expirationDate <= now) return null;
  return { from: terms.startDate, to: now };
}

/**
 * Whether a county file lies within an entitled period, given the county's releases
 * current at its start (`first`) and at its end (`last`). Only files of the kind that is
 * current count: a county with uploaded files never serves its generated ones again.
 * With none current at the start (the county's data came later), the period's own first
 * month is the lower bound.
 */
export function includesDataset(
  dataset: CurrentRelease,
  period: EntitledPeriod,
  first: CurrentRelease | null,
  last: CurrentRelease | null,
): boolean {
  if (!last || dataset.source !== last.source) return false;
  const lowest = first?.release ?? releaseOf(period.from);
  return dataset.release >= lowest && dataset.release <= last.release;
}
