import { currentReleaseOf, CurrentRelease } from './current-release';
import { entitledPeriod, EntitlementTerms, includesDataset, releaseOf } from './entitlement';

const now = new Date('2026-11-22T12:00:00Z');
const bought = new Date('2026-03-10T09:00:00Z');
const snapshot: EntitlementTerms = {
  purchaseType: 'one-time',
  status: 'active',
  startDate: bought,
  expirationDate: null,
};
const tracker: EntitlementTerms = {
  purchaseType: 'annual',
  status: 'active',
  startDate: bought,
  expirationDate: new Date('2027-03-10T09:00:00Z'),
};
const uploaded = (release: string): CurrentRelease => ({ release, source: 'uploaded' });
const generated = (release: string): CurrentRelease => ({ release, source: 'generated' });

describe('which release of a county is current', () => {
  it('takes the latest uploaded release no later than the month once the county has uploads', () => {
    expect(currentReleaseOf({ any: true, latestUpTo: '2026-09' }, '2026-11', true)).toEqual(uploaded('2026-09'));
    expect(currentReleaseOf({ any: true, latestUpTo: '2026-09' }, '2026-11', false)).toEqual(uploaded('2026-09'));
  });

  it('has none when every upload of the county is later than the month, even with the generator on', () => {
    expect(currentReleaseOf({ any: true, latestUpTo: null }, '2026-03', true)).toBeNull();
  });

  it('falls back to the generated release of the month only while the county has no uploads and the generator is on', () => {
    expect(currentReleaseOf({ any: false, latestUpTo: null }, '2026-11', true)).toEqual(generated('2026-11'));
    expect(currentReleaseOf({ any: false, latestUpTo: null }, '2026-11', false)).toBeNull();
  });
});

describe('what a subscription includes', () => {
  it('bounds a one-time purchase by the moment it was bought, however long ago', () => {
    expect(entitledPeriod(snapshot, now)).toEqual({ from: bought, to: bought });
    expect(entitledPeriod(snapshot, new Date('2030-01-01T00:00:00Z'))).toEqual({ from: bought, to: bought });
  });

  it('gives a one-time purchase the file current at purchase and no other', () => {
    const period = entitledPeriod(snapshot, now)!;
    const atPurchase = uploaded('2026-02');
    expect(includesDataset(uploaded('2026-02'), period, atPurchase, atPurchase)).toBe(true);
    expect(includesDataset(uploaded('2026-01'), period, atPurchase, atPurchase)).toBe(false);
    expect(includesDataset(uploaded('2026-11'), period, atPurchase, atPurchase)).toBe(false);
  });

  it('gives an active annual subscription every file from the one current at its start through the one current now', () => {
    const period = entitledPeriod(tracker, now)!;
    expect(period).toEqual({ from: bought, to: now });
    const first = uploaded('2026-01');
    const last = uploaded('2026-10');
    expect(includesDataset(uploaded('2026-01'), period, first, last)).toBe(true);
    expect(includesDataset(uploaded('2026-06'), period, first, last)).toBe(true);
    expect(includesDataset(uploaded('2026-10'), period, first, last)).toBe(true);
    expect(includesDataset(uploaded('2025-12'), period, first, last)).toBe(false);
    expect(includesDataset(uploaded('2026-11'), period, first, last)).toBe(false);
  });

  it('starts an annual subscription at its own month when the county had no file then', () => {
    const period = entitledPeriod(tracker, now)!;
    expect(includesDataset(uploaded('2026-05'), period, null, uploaded('2026-07'))).toBe(true);
    expect(includesDataset(uploaded('2026-02'), period, null, uploaded('2026-07'))).toBe(false);
    expect(includesDataset(generated('2026-03'), period, generated('2026-03'), generated(releaseOf(now)))).toBe(true);
  });

  it('never serves a generated file of a county whose current file is uploaded', () => {
    const period = entitledPeriod(tracker, now)!;
    expect(includesDataset(generated('2026-06'), period, uploaded('2026-01'), uploaded('2026-10'))).toBe(false);
  });

  it('gives nothing when the county has no current file', () => {
    expect(includesDataset(uploaded('2026-03'), entitledPeriod(snapshot, now)!, null, null)).toBe(false);
  });

  it('gives an annual subscription nothing once past its expiration, even while still marked active', () => {
    expect(entitledPeriod({ ...tracker, expirationDate: new Date('2026-11-22T11:59:59Z') }, now)).toBeNull();
    expect(entitledPeriod({ ...tracker, expirationDate: null }, now)).toEqual({ from: bought, to: now });
  });

  it('gives nothing once cancelled, expired or refunded', () => {
    for (const status of ['cancelled', 'expired']) {
      expect(entitledPeriod({ ...tracker, status }, now)).toBeNull();
      expect(entitledPeriod({ ...snapshot, status }, now)).toBeNull();
    }
  });

  it('names a moment’s release by its UTC month', () => {
    expect(releaseOf(new Date('2026-11-30T23:30:00-05:00'))).toBe('2026-12');
  });
});
