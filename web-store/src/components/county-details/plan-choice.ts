import type { PurchaseType } from '@contracts/plans';
import type { County } from '@/lib/counties';

/** The county a "what you get" panel is about, as both county lists know it. */
export type DetailsCounty = Pick<County, 'id' | 'name' | 'state'>;

/** What the panel's plan buttons do: what the page it opens from does with a plan. */
export type PlanChoice =
  /** The picker: the county goes into the cart on that plan. */
  | { kind: 'cart'; choose: (purchaseType: PurchaseType) => void }
  /** Browse Counties: a link to the county's checkout on that plan. */
  | { kind: 'checkout'; href: (purchaseType: PurchaseType) => string };
