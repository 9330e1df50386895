import type { PurchaseType } from '../../contracts/plans';

export type AmountByPurchaseType = Partial<Record<PurchaseType, number>>;

/** How much of an order each plan type accounts for. */
export function sumByPurchaseType(items: { purchaseType: PurchaseType; amountCents: number }[]): AmountByPurchaseType {
  const split: AmountByPurchaseType = {};
  for (const item of items) split[item.purchaseType] = (split[item.purchaseType] ?? 0) + item.amountCents;
  return split;
}

/**
 * Shares an amount (a refund) across plan types in proportion to the order's
 * split, in whole cents that add up exactly; the rounding remainder goes to
 * the largest share.
 */
export function splitProportionally(amountCents: number, orderSplit: AmountByPurchaseType): AmountByPurchaseType {
  const entries = Object.entries(orderSplit) as [PurchaseType, number][];
  const total = entries.reduce((sum, [, cents]) => sum + cents, 0);
  if (total === 0) return {};
  const shares = entries.map(
    ([type, cents]) => [type, Math.trunc((amountCents * cents) / total)] as [PurchaseType, number],
  );
  const remainder = amountCents - shares.reduce((sum, [, cents]) => sum + cents, 0);
  const largest = shares.reduce(
    (best, share, i) => (Math.abs(entries[i][1]) > Math.abs(entries[best][1]) ? i : best),
    0,
  );
  shares[largest][1] += remainder;
  return Object.fromEntries(shares);
}
