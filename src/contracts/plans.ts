/**
 * The two plans, defined once for the API and both web apps. Prices are
 * integer cents; the `price` fields in dollars are for display only.
 */
export const PURCHASE_TYPES = ['one-time', 'annual'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

export interface Plan {
  type: PurchaseType;
  name: string;
  priceCents: number;
  /** Dollars, as the plan definitions of docs/store-spec.md §3 state them. */
  price: number;
  summary: string;
  description: string;
}

export interface AnnualPlan extends Plan {
  monthlyEquivalentCents: number;
  monthlyEquivalent: number;
  popular: true;
  savings: string;
  deliveries: number;
  /** What a County Tracker answers beyond its files: the parcel service (lookups and tiles). */
  parcelService: string;
}

const oneTime: Plan = {
  type: 'one-time',
  name: 'County SnapShot',
  priceCents: 50_000,
  price: 500,
  summary: 'One-time purchase',
  description: 'The complete current county dataset, ready for instant download.',
};

const annual: AnnualPlan = {
  type: 'annual',
  name: 'County Tracker',
  priceCents: 120_000,
  price: 1200,
  monthlyEquivalentCents: 10_000,
  monthlyEquivalent: 100,
  summary: 'Annual plan',
  description: 'Fresh county data emailed to you every month for 12 months.',
  popular: true,
  savings: 'Save 80%',
  deliveries: 12,
  parcelService: 'Look up any parcel by address, owner, parcel number or point, with map tiles, through the API',
};

export const PLANS = { oneTime, annual } as const;

/** The most counties one checkout may hold. */
export const CART_LIMIT = 500;

export function planFor(type: PurchaseType): Plan {
  return type === 'annual' ? PLANS.annual : PLANS.oneTime;
}
