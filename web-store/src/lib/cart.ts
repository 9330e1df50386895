import { useSyncExternalStore } from 'react';
import { CART_LIMIT, planFor, PurchaseType } from '@contracts/plans';
import type { County } from './counties';

/** A cart line as the spec stores it in session storage (docs/store-spec.md §3). Prices are display dollars. */
export interface CartItem {
  countyId: string;
  countyName: string;
  state: string;
  purchaseType: PurchaseType;
  price: number;
}

export const CART_KEY = 'cart';
export const CHECKOUT_EMAIL_KEY = 'checkoutEmail';

/** The county a line is for, as the picker knows it. */
export type CartCounty = Pick<County, 'id' | 'name' | 'state'>;

export type AddResult = 'added' | 'already-in-cart' | 'cart-full';

/** What adding a group of counties did: how many went in, were there already, or did not fit. */
export interface AddManyResult {
  added: number;
  alreadyInCart: number;
  didNotFit: number;
}

// ---- Pure rules (docs/store-spec.md §4 Cart): a county at most once, the plan sets the price. ----

export function lineFor(county: CartCounty, purchaseType: PurchaseType): CartItem {
  return {
    countyId: county.id,
    countyName: county.name,
    state: county.state,
    purchaseType,
    price: planFor(purchaseType).price,
  };
}

/** Adds, in order, every county not in the cart yet, all with one plan, until the cart is full. */
export function addLines(
  items: readonly CartItem[],
  counties: readonly CartCounty[],
  purchaseType: PurchaseType,
): [CartItem[], AddManyResult] {
  const next = [...items];
  const present = new Set(items.map((item) => item.countyId));
  const result: AddManyResult = { added: 0, alreadyInCart: 0, didNotFit: 0 };
  for (const county of counties) {
    if (present.has(county.id)) result.alreadyInCart += 1;
    else if (next.length >= CART_LIMIT) result.didNotFit += 1;
    else {
      next.push(lineFor(county, purchaseType));
      present.add(county.id);
      result.added += 1;
    }
  }
  return [next, result];
}

/** One county: `addLines` with a list of one, so the two follow the same rules. */
export function addLine(
  items: readonly CartItem[],
  county: CartCounty,
  purchaseType: PurchaseType,
): [CartItem[], AddResult] {
  const [next, { added, alreadyInCart }] = addLines(items, [county], purchaseType);
  return [next, added ? 'added' : alreadyInCart ? 'already-in-cart' : 'cart-full'];
}

export function changePlan(items: readonly CartItem[], countyId: string, purchaseType: PurchaseType): CartItem[] {
  return items.map((item) =>
    item.countyId === countyId ? { ...item, purchaseType, price: planFor(purchaseType).price } : item,
  );
}

export function removeLine(items: readonly CartItem[], countyId: string): CartItem[] {
  return items.filter((item) => item.countyId !== countyId);
}

/** The total the cart shows, in dollars, from the plan config (the server prices the order itself). */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + planFor(item.purchaseType).price, 0);
}

export type StoredCart = { status: 'empty' } | { status: 'invalid' } | { status: 'ok'; items: CartItem[] };

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.countyId === 'string' &&
    typeof item.countyName === 'string' &&
    typeof item.state === 'string' &&
    (item.purchaseType === 'one-time' || item.purchaseType === 'annual')
  );
}

/** Reads a stored cart: nothing, something unreadable (docs/store-spec.md §5 "Failed to load cart"), or its lines. */
export function parseStoredCart(raw: string | null): StoredCart {
  if (raw === null) return { status: 'empty' };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every(isCartItem)) return { status: 'invalid' };
    if (parsed.length === 0) return { status: 'empty' };
    // Prices are re-derived from the plan: a stored price is never trusted.
    return { status: 'ok', items: parsed.map((item) => ({ ...item, price: planFor(item.purchaseType).price })) };
  } catch {
    return { status: 'invalid' };
  }
}

// ---- The cart of this tab, kept in sessionStorage and shared by every component that shows it. ----

const listeners = new Set<() => void>();
let cached: { raw: string | null; items: CartItem[] } | null = null;

function readItems(): CartItem[] {
  const raw = sessionStorage.getItem(CART_KEY);
  if (cached?.raw !== raw) {
    const stored = parseStoredCart(raw);
    cached = { raw, items: stored.status === 'ok' ? stored.items : [] };
  }
  return cached.items;
}

function writeItems(items: CartItem[]): void {
  if (items.length === 0) sessionStorage.removeItem(CART_KEY);
  else sessionStorage.setItem(CART_KEY, JSON.stringify(items));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const cart = {
  items: readItems,
  add: (county: CartCounty, purchaseType: PurchaseType): AddResult => {
    const [items, result] = addLine(readItems(), county, purchaseType);
    if (result === 'added') writeItems(items);
    return result;
  },
  /** One write for the whole group, so the page renders once however many counties go in. */
  addMany: (counties: readonly CartCounty[], purchaseType: PurchaseType): AddManyResult => {
    const [items, result] = addLines(readItems(), counties, purchaseType);
    if (result.added > 0) writeItems(items);
    return result;
  },
  setPlan: (countyId: string, purchaseType: PurchaseType): void => {
    writeItems(changePlan(readItems(), countyId, purchaseType));
  },
  remove: (countyId: string): void => {
    writeItems(removeLine(readItems(), countyId));
  },
  /** After a successful payment (docs/store-spec.md §4): the cart and the stored email are cleared. */
  clearAfterPurchase: (): void => {
    sessionStorage.removeItem(CHECKOUT_EMAIL_KEY);
    writeItems([]);
  },
};

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readItems);
}
