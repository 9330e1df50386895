import { PLANS } from '@contracts/plans';
import { snapshotCard, trackerCard } from './landing-content';

describe('landing plan cards', () => {
  it('shows the County SnapShot with its one-time price from the plan config', () => {
    const card = snapshotCard(PLANS.oneTime);
    expect(card).toMatchObject({ name: 'County SnapShot', price: '$500', popular: false, savings: null, note: null });
    expect(card.description).toBe(PLANS.oneTime.description);
  });

  it('shows the County Tracker yearly, with its monthly equivalent, savings and Most Popular flag', () => {
    const card = trackerCard(PLANS.annual);
    expect(card).toMatchObject({
      name: 'County Tracker',
      price: '$1,200',
      note: '$100/month equivalent',
      popular: true,
      savings: 'Save 80%',
    });
    expect(card.features[0]).toBe('12 monthly deliveries of fresh data by email');
    // The parcel service is a line of its own, after the plan's deliveries, download and renewal.
    expect(card.features.at(-1)).toBe(
      'Look up any parcel by address, owner, parcel number or point, with map tiles, through the API',
    );
  });

  it('follows the plan config when a price changes', () => {
    const card = trackerCard({ ...PLANS.annual, price: 1500, monthlyEquivalent: 125 });
    expect(card.price).toBe('$1,500');
    expect(card.note).toBe('$125/month equivalent');
  });
});
