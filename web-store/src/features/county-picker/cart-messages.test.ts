import { CART_LIMIT } from '@contracts/plans';
import { addToCartMessage, CART_EMPTY } from './cart-messages';

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

  it('asks for a county when proceeding with an empty cart, in the spec’s words', () => {
    expect(CART_EMPTY).toEqual({
      title: 'Cart Empty',
      description: 'Please add at least one county to proceed',
      variant: 'destructive',
    });
  });
});
