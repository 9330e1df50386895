import type { BadgeVariant } from '@/components/ui/badge';

/** docs/store-spec.md §9: below this many days left, a subscription's badge warns that it ends soon. */
export const EXPIRY_WARNING_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days from `now` until `expiration`, rounded down: only complete days count, so a
 * subscription with 29 days and 23 hours left has 29 days left, one with a few hours left
 * has 0, and it turns negative (expired) the moment its expiration has passed — never
 * promising a day that is not there.
 */
export function daysUntil(expiration: string | Date, now: Date): number {
  const end = typeof expiration === 'string' ? new Date(expiration) : expiration;
  return Math.floor((end.getTime() - now.getTime()) / DAY_MS);
}

export interface SubscriptionBadge {
  label: string;
  variant: BadgeVariant;
}

/**
 * docs/store-spec.md §4: the stored status wins for expired and cancelled; otherwise the days left decide.
 * An expired subscription is destructive like one whose date has passed; a cancelled one is
 * secondary, since it was ended on purpose and needs no alarm.
 */
export function subscriptionBadge(
  subscription: { status: string; expirationDate: string | null },
  now: Date = new Date(),
): SubscriptionBadge {
  if (subscription.status === 'expired') return { label: 'Expired', variant: 'destructive' };
  if (subscription.status === 'cancelled') return { label: 'Cancelled', variant: 'secondary' };
  if (!subscription.expirationDate) return { label: 'Active', variant: 'default' };
  const days = daysUntil(subscription.expirationDate, now);
  if (days < 0) return { label: 'Expired', variant: 'destructive' };
  if (days < EXPIRY_WARNING_DAYS) return { label: `${days} ${days === 1 ? 'day' : 'days'} left`, variant: 'outline' };
  return { label: 'Active', variant: 'default' };
}
