import { CART_LIMIT } from '@contracts/plans';
import { addAllMessage, addToCartMessage, CART_EMPTY } from './cart-messages';

describe('the picker’s cart messages', () => {
  const harris = { id: 'c1', name: 'Harris County', state: 'Texas' };

  it('names the county, its state and the plan when a county is added', () => {
    expect(addToCartMessage('added', harris, 'annual')).toEqual({
      title: 'Added to Cart',
      description: 'Harris County, Texas - County Tracker',
      variant: 'default',
    });
    expect(addToCartMessage('added', harris, 'one-time').description).toBe('Harris County, Texas - County SnapShot');
  });

  it('warns, destructively, that a full cart takes no more counties', () => {
    const message = addToCartMessage('cart-full', harris, 'annual');
    expect(message.title).toBe('Cart Full');
    expect(message.variant).toBe('destructive');
    expect(message.description).toContain(`at most ${CART_LIMIT} counties`);
  });

  it('says a county already in the cart is there, without alarm', () => {
    expect(addToCartMessage('already-in-cart', harris, 'one-time')).toMatchObject({
      title: 'Already in Cart',
      variant: 'default',
    });
  });

  it('asks for a county when proceeding with an empty cart, in the words of docs/store-spec.md §5', () => {
    expect(CART_EMPTY).toEqual({
      title: 'Cart Empty',
      description: 'Please add at least one county to proceed',
      variant: 'destructive',
    });
  });

  it('says how many counties of the state went in, with their plan', () => {
    expect(addAllMessage({ added: 3, alreadyInCart: 0, didNotFit: 0 }, 'Delaware', 'annual')).toEqual({
      title: 'Added to Cart',
      description: '3 counties in Delaware - County Tracker',
      variant: 'default',
    });
    expect(addAllMessage({ added: 1, alreadyInCart: 2, didNotFit: 0 }, 'Delaware', 'one-time').description).toBe(
      '1 county in Delaware - County SnapShot',
    );
  });

  it('says how many did not fit when the cart limit stopped the adding', () => {
    const partly = addAllMessage({ added: 120, alreadyInCart: 0, didNotFit: 134 }, 'Texas', 'one-time');
    expect(partly).toEqual({
      title: 'Added to Cart',
      description: `120 counties in Texas - County SnapShot. 134 counties did not fit: a cart holds at most ${CART_LIMIT} counties.`,
      variant: 'destructive',
    });
    const none = addAllMessage({ added: 0, alreadyInCart: 0, didNotFit: 254 }, 'Texas', 'annual');
    expect(none).toMatchObject({ title: 'Cart Full', variant: 'destructive' });
    expect(none.description).toBe(`254 counties in Texas did not fit: a cart holds at most ${CART_LIMIT} counties.`);
  });

  it('says so, without alarm, when the whole state is already in the cart', () => {
    expect(addAllMessage({ added: 0, alreadyInCart: 3, didNotFit: 0 }, 'Delaware', 'annual')).toEqual({
      title: 'Already in Cart',
      description: 'Every county in Delaware is already in your cart',
      variant: 'default',
    });
  });
});
