import type { AnnualPlan, Plan } from '@contracts/plans';
import { formatDollars } from '@web-shared/format';

/** What a plan card shows: every number comes from the shared plan config, never typed here. */
export interface PlanCardView {
  key: string;
  name: string;
  summary: string;
  price: string;
  period: string;
  note: string | null;
  popular: boolean;
  savings: string | null;
  description: string;
  features: string[];
}

export function snapshotCard(plan: Plan): PlanCardView {
  return {
    key: plan.type,
    name: plan.name,
    summary: plan.summary,
    price: formatDollars(plan.price),
    period: 'per county, one time',
    note: null,
    popular: false,
    savings: null,
    description: plan.description,
    features: ['Instant download after payment', 'Complete current county dataset', 'No subscription to manage'],
  };
}

export function trackerCard(plan: AnnualPlan): PlanCardView {
  return {
    key: plan.type,
    name: plan.name,
    summary: plan.summary,
    price: formatDollars(plan.price),
    period: 'per county, per year',
    note: `${formatDollars(plan.monthlyEquivalent)}/month equivalent`,
    popular: plan.popular,
    savings: plan.savings,
    description: plan.description,
    features: [
      `${plan.deliveries} monthly deliveries of fresh data by email`,
      'Instant download of the current dataset',
      'Auto-renewal you can turn off in your dashboard',
      plan.parcelService,
    ],
  };
}
