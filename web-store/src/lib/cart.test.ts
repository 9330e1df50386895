import { CART_LIMIT } from '@contracts/plans';
import { addLine, addLines, cartTotal, changePlan, lineFor, parseStoredCart, removeLine } from './cart';

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

describe('adding a group of counties', () => {
  it('adds every county not in the cart yet, in order, all with the chosen plan', () => {
    const start = [lineFor(county(2), 'annual')];
    const [items, result] = addLines(start, [county(1), county(2), county(3)], 'one-time');
    expect(result).toEqual({ added: 2, alreadyInCart: 1, didNotFit: 0 });
    expect(items.map((item) => [item.countyId, item.purchaseType, item.price])).toEqual([
      ['county-2', 'annual', 1200],
      ['county-1', 'one-time', 500],
      ['county-3', 'one-time', 500],
    ]);
  });

  it('never adds one county twice, even when the group names it twice', () => {
    const [items, result] = addLines([], [county(1), county(1)], 'annual');
    expect(items).toHaveLength(1);
    expect(result).toEqual({ added: 1, alreadyInCart: 1, didNotFit: 0 });
  });

  it(`fills the cart up to ${CART_LIMIT} counties and counts the ones that did not fit`, () => {
    const nearlyFull = Array.from({ length: CART_LIMIT - 2 }, (_, i) => lineFor(county(i), 'one-time'));
    const group = Array.from({ length: 5 }, (_, i) => county(1000 + i));
    const [items, result] = addLines(nearlyFull, group, 'annual');
    expect(items).toHaveLength(CART_LIMIT);
    expect(items.slice(-2).map((item) => item.countyId)).toEqual(['county-1000', 'county-1001']);
    expect(result).toEqual({ added: 2, alreadyInCart: 0, didNotFit: 3 });
  });

  it('leaves a full cart as it was', () => {
    const full = Array.from({ length: CART_LIMIT }, (_, i) => lineFor(county(i), 'one-time'));
    const [items, result] = addLines(full, [county(0), county(9999)], 'annual');
    expect(items).toEqual(full);
    expect(result).toEqual({ added: 0, alreadyInCart: 1, didNotFit: 1 });
  });
});
