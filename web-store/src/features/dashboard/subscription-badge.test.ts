import { daysUntil, subscriptionBadge } from './subscription-badge';

const now = new Date('2025-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number, extraMs = 0) => new Date(now.getTime() + days * DAY + extraMs).toISOString();
const active = (expirationDate: string | null) => subscriptionBadge({ status: 'active', expirationDate }, now);

describe('days until expiration', () => {
  it('counts only complete days, rounding any part of a day down', () => {
    expect(daysUntil(inDays(30), now)).toBe(30);
    expect(daysUntil(inDays(30, -1), now)).toBe(29);
    expect(daysUntil(inDays(0, 23 * 3600 * 1000), now)).toBe(0);
    expect(daysUntil(inDays(0), now)).toBe(0);
  });

  it('turns negative as soon as the expiration has passed', () => {
    expect(daysUntil(inDays(0, -1), now)).toBe(-1);
    expect(daysUntil(inDays(-1), now)).toBe(-1);
    expect(daysUntil(inDays(-1, -1), now)).toBe(-2);
  });
});

describe('the subscription badge (docs/store-spec.md §4)', () => {
  it('is "Active" from exactly 30 days left', () => {
    expect(active(inDays(30))).toEqual({ label: 'Active', variant: 'default' });
    expect(active(inDays(365))).toEqual({ label: 'Active', variant: 'default' });
  });

  it('warns in outline under 30 days, down to the last day', () => {
    expect(active(inDays(29))).toEqual({ label: '29 days left', variant: 'outline' });
    expect(active(inDays(30, -60_000))).toEqual({ label: '29 days left', variant: 'outline' });
    expect(active(inDays(1))).toEqual({ label: '1 day left', variant: 'outline' });
    expect(active(inDays(0, 3600 * 1000))).toEqual({ label: '0 days left', variant: 'outline' });
    expect(active(inDays(0))).toEqual({ label: '0 days left', variant: 'outline' });
  });

  it('is a destructive "Expired" below 0 days', () => {
    expect(active(inDays(-1))).toEqual({ label: 'Expired', variant: 'destructive' });
    expect(active(inDays(0, -1000))).toEqual({ label: 'Expired', variant: 'destructive' });
  });

  it('is "Active" with no expiration date (a one-time purchase)', () => {
    expect(active(null)).toEqual({ label: 'Active', variant: 'default' });
  });

  it('follows the stored status for expired and cancelled subscriptions, whatever the date', () => {
    expect(subscriptionBadge({ status: 'expired', expirationDate: inDays(100) }, now)).toEqual({
      label: 'Expired',
      variant: 'destructive',
    });
    expect(subscriptionBadge({ status: 'cancelled', expirationDate: inDays(100) }, now)).toEqual({
      label: 'Cancelled',
      variant: 'secondary',
    });
    expect(subscriptionBadge({ status: 'cancelled', expirationDate: null }, now).label).toBe('Cancelled');
  });
});
