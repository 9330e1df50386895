import { splitProportionally, sumByPurchaseType } from './purchase-type-split';

describe('splitting money by plan type', () => {
  it('sums an order by plan type', () => {
    expect(
      sumByPurchaseType([
        { purchaseType: 'one-time', amountCents: 50000 },
        { purchaseType: 'annual', amountCents: 120000 },
        { purchaseType: 'one-time', amountCents: 50000 },
      ]),
    ).toEqual({ 'one-time': 100000, annual: 120000 });
  });

  it('shares a refund in proportion, in whole cents that add up exactly', () => {
    const split = splitProportionally(-100001, { 'one-time': 50000, annual: 120000 });
    expect(Object.values(split).reduce((a, b) => a + b, 0)).toBe(-100001);
    expect(split['one-time']).toBe(-29412);
    expect(split.annual).toBe(-70589);
  });

  it('gives a full refund back exactly what each type paid', () => {
    expect(splitProportionally(-170000, { 'one-time': 50000, annual: 120000 })).toEqual({
      'one-time': -50000,
      annual: -120000,
    });
  });
});
