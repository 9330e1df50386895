import { releaseOf } from './files/entitlement';

/**
 * When a release can be published: from the first day of its month (UTC). A county's current
 * release is its newest published one no later than the month, so a month still to come
 * published early would show as published to staff yet reach no buyer until its month began.
 * Null once the month has begun (or passed); else that first day, as YYYY-MM-DD.
 */
export function publishableFrom(month: string, now: Date): string | null {
  return month > releaseOf(now) ? `${month}-01` : null;
}
