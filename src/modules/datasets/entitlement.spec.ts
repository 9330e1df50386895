import { currentRelease, includesRelease } from './entitlement';

const now = new Date('2026-11-22T12:00:00Z');
const bought = new Date('2026-03-10T09:00:00Z');

describe('what a subscription includes', () => {
  it('gives a one-time purchase the release current when it was bought, and only that', () => {
    const snapshot = { purchaseType: 'one-time' as const, status: 'active', startDate: bought, expirationDate: null };
    expect(currentRelease(snapshot, now)).toBe('2026-03');
    expect(includesRelease(snapshot, '2026-03', now)).toBe(true);
    expect(includesRelease(snapshot, '2026-11', now)).toBe(false);
  });

  it('gives an active annual subscription every release from its start to now', () => {
    const tracker = {
      purchaseType: 'annual' as const,
      status: 'active',
      startDate: bought,
      expirationDate: new Date('2027-03-10T09:00:00Z'),
    };
    expect(currentRelease(tracker, now)).toBe('2026-11');
    expect(includesRelease(tracker, '2026-03', now)).toBe(true);
    expect(includesRelease(tracker, '2026-02', now)).toBe(false);
    expect(includesRelease(tracker, '2026-12', now)).toBe(false);
  });

  it('gives nothing once cancelled, expired or refunded', () => {
    for (const status of ['cancelled', 'expired']) {
      expect(
        currentRelease({ purchaseType: 'annual', status, startDate: bought, expirationDate: null }, now),
      ).toBeNull();
      expect(
        currentRelease({ purchaseType: 'one-time', status, startDate: bought, expirationDate: null }, now),
      ).toBeNull();
    }
  });
});
