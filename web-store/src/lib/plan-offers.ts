import { PLANS, type Plan, type PurchaseType } from '@contracts/plans';
import { formatDollars } from '@web-shared/format';

/** A plan as the store offers it beside a county: its name, its price label and its button's look. */
export interface PlanOffer {
  plan: Plan;
  /** "$500", or "$1,200/year" for the plan that renews. */
  price: string;
  /** The plan docs/store-spec.md §1 calls popular stands out; the other is outlined. */
  variant: 'outline' | 'default';
}

const PRICE: Record<PurchaseType, string> = {
  'one-time': formatDollars(PLANS.oneTime.price),
  annual: `${formatDollars(PLANS.annual.price)}/year`,
};

/** Both plans in the order every chooser shows them: the single purchase first. */
export const PLAN_OFFERS: readonly PlanOffer[] = [
  { plan: PLANS.oneTime, price: PRICE['one-time'], variant: 'outline' },
  { plan: PLANS.annual, price: PRICE.annual, variant: 'default' },
];

/** A plan's price label: "$500" or "$1,200/year". */
export function planPrice(type: PurchaseType): string {
  return PRICE[type];
}
