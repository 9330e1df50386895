import { CART_LIMIT, planFor, PurchaseType } from '@contracts/plans';
import { countOf } from '@web-shared/format';
import type { AddManyResult, AddResult, CartCounty } from '@/lib/cart';

export interface ToastMessage {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

/** docs/store-spec.md §5: proceeding with nothing in the cart. */
export const CART_EMPTY: ToastMessage = {
  title: 'Cart Empty',
  description: 'Please add at least one county to proceed',
  variant: 'destructive',
};

/** What the picker tells the visitor after trying to add a county (docs/store-spec.md §8 "Added to Cart": county, state, plan). */
export function addToCartMessage(result: AddResult, county: CartCounty, purchaseType: PurchaseType): ToastMessage {
  const where = `${county.name}, ${county.state}`;
  switch (result) {
    case 'added':
      return { title: 'Added to Cart', description: `${where} - ${planFor(purchaseType).name}`, variant: 'default' };
    case 'already-in-cart':
      return { title: 'Already in Cart', description: `${where} is already in your cart`, variant: 'default' };
    case 'cart-full':
      return {
        title: 'Cart Full',
        description: `A cart holds at most ${CART_LIMIT} counties. Check out these first, then start another order.`,
        variant: 'destructive',
      };
  }
}

/** After "Add all counties in {state}": how many went in and, when the cart limit stopped it, how many did not fit. */
export function addAllMessage(result: AddManyResult, state: string, purchaseType: PurchaseType): ToastMessage {
  const plan = planFor(purchaseType).name;
  if (result.added === 0 && result.didNotFit === 0) {
    return {
      title: 'Already in Cart',
      description: `Every county in ${state} is already in your cart`,
      variant: 'default',
    };
  }
  if (result.added === 0) {
    return {
      title: 'Cart Full',
      description: `${countOf(result.didNotFit, 'county', 'counties')} in ${state} did not fit: a cart holds at most ${CART_LIMIT} counties.`,
      variant: 'destructive',
    };
  }
  const added = `${countOf(result.added, 'county', 'counties')} in ${state} - ${plan}`;
  if (result.didNotFit === 0) return { title: 'Added to Cart', description: added, variant: 'default' };
  return {
    title: 'Added to Cart',
    description: `${added}. ${countOf(result.didNotFit, 'county', 'counties')} did not fit: a cart holds at most ${CART_LIMIT} counties.`,
    variant: 'destructive',
  };
}
