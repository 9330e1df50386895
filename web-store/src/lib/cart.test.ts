import { CART_LIMIT } from '@contracts/plans';
import { addLine, cartTotal, changePlan, lineFor, parseStoredCart, removeLine } from './cart';

const county = (n: number) => ({ id: `county-${n}`, name: `County ${n}`, state: 'Texas' });

describe('cart rules', () => {
  it('adds a county with the chosen plan and its price', () => {
    const [items, result] = addLine([], county(1), 'annual');
    expect(result).toBe('added');
    expect(items).toEqual([
      { countyId: 'county-1', countyName: 'County 1', state: 'Texas', purchaseType: 'annual', price: 1200 },
    ]);
  });

  it('never holds a county twice', () => {
    const [once] = addLine([], county(1), 'one-time');
    const [twice, result] = addLine(once, county(1), 'annual');
    expect(result).toBe('already-in-cart');
    expect(twice).toEqual(once);
  });

  it(`stops at ${CART_LIMIT} counties, the most one checkout may hold`, () => {
    const full = Array.from({ length: CART_LIMIT }, (_, i) => lineFor(county(i), 'one-time'));
    const [after, result] = addLine(full, county(CART_LIMIT), 'one-time');
    expect(result).toBe('cart-full');
    expect(after).toHaveLength(CART_LIMIT);
  });

  it('changes the price with the plan, and totals from the plans', () => {
    const [items] = addLine([lineFor(county(1), 'one-time')], county(2), 'one-time');
    expect(cartTotal(items)).toBe(1000);
    const changed = changePlan(items, 'county-2', 'annual');
    expect(changed[1]).toMatchObject({ purchaseType: 'annual', price: 1200 });
    expect(cartTotal(changed)).toBe(1700);
  });

  it('removes only the county asked', () => {
    const items = [lineFor(county(1), 'one-time'), lineFor(county(2), 'annual')];
    expect(removeLine(items, 'county-1').map((i) => i.countyId)).toEqual(['county-2']);
  });
});

describe('a stored cart', () => {
  it('is empty when nothing or an empty list is stored', () => {
    expect(parseStoredCart(null)).toEqual({ status: 'empty' });
    expect(parseStoredCart('[]')).toEqual({ status: 'empty' });
  });

  it('is invalid when it cannot be read as cart lines', () => {
    for (const raw of [
      '{',
      '{"a":1}',
      '[{"countyId":1}]',
      '[{"countyId":"x","countyName":"X","state":"Y","purchaseType":"monthly"}]',
    ]) {
      expect(parseStoredCart(raw)).toEqual({ status: 'invalid' });
    }
  });

  it('takes its prices from the plans, never from storage', () => {
    const raw = JSON.stringify([{ countyId: 'a', countyName: 'A', state: 'Ohio', purchaseType: 'annual', price: 1 }]);
    expect(parseStoredCart(raw)).toEqual({
      status: 'ok',
      items: [{ countyId: 'a', countyName: 'A', state: 'Ohio', purchaseType: 'annual', price: 1200 }],
    });
  });
});
