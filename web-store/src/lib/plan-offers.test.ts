import { PLANS } from '@contracts/plans';
import { PLAN_OFFERS, planPrice } from './plan-offers';

describe('the plans offered beside a county', () => {
  it('are County SnapShot for $500, then County Tracker for $1,200 a year', () => {
    expect(PLAN_OFFERS.map(({ plan, price }) => `${plan.name} ${price}`)).toEqual([
      'County SnapShot $500',
      'County Tracker $1,200/year',
    ]);
    expect(PLAN_OFFERS.map(({ plan }) => plan.type)).toEqual([PLANS.oneTime.type, PLANS.annual.type]);
  });

  it('price each plan by its type as the offers do', () => {
    expect(planPrice('one-time')).toBe('$500');
    expect(planPrice('annual')).toBe('$1,200/year');
  });
});
