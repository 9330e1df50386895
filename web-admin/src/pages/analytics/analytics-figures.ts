import { PLANS } from '@contracts/plans';
import { countOf, formatDollars } from '@web-shared/format';
import { count, oneDecimalPercent, wholeDollars } from '@/lib/figures';
import type { AdminAnalytics, EventCount, FunnelStep } from './api';

/** docs/store-spec.md §9: both charts are 300 high. */
export const CHART_HEIGHT = 300;

/** docs/store-spec.md §9: the event axis labels are cut to 10 characters so six of them fit side by side. */
export const EVENT_AXIS_LABEL_LENGTH = 10;

/** docs/store-spec.md §9: the pie's slices take these five colours in turn; the bars use the first. */
export const CHART_COLORS = ['#1d4ed8', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed'] as const;

/** The colour of the slice at `index`, starting over after the fifth. */
export function colorAt(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length];
}

/** A journey event as a badge shows it: "landing_view" → "Landing View". */
export function eventBadge(event: string): string {
  return event.replaceAll('_', ' ').replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

/** A journey event under a bar: underscores to spaces, at most 10 characters ("checkout_view" → "checkout v"). */
export function eventAxisLabel(event: string): string {
  return event.replaceAll('_', ' ').slice(0, EVENT_AXIS_LABEL_LENGTH);
}

/** The plan a purchase type is sold as: "one-time" is the SnapShot, any other type the Tracker (docs/store-spec.md §2). */
export function planName(purchaseType: string): string {
  return purchaseType === PLANS.oneTime.type ? PLANS.oneTime.name : PLANS.annual.name;
}

export type AnalyticsFigureKey = 'revenue' | 'active' | 'average' | 'visitors';

export interface AnalyticsFigure {
  key: AnalyticsFigureKey;
  title: string;
  value: string;
}

/** The four cards: revenue locale formatted (0 when missing), the average in whole dollars, counts grouped. */
export function analyticsFigures(data: AdminAnalytics | undefined): AnalyticsFigure[] {
  return [
    { key: 'revenue', title: 'Total Revenue', value: formatDollars(data?.revenue.totalRevenue ?? 0) },
    { key: 'active', title: 'Active Subscriptions', value: count(data?.revenue.activeSubscriptions) },
    { key: 'average', title: 'Avg Subscription Value', value: wholeDollars(data?.revenue.averageSubscriptionValue) },
    { key: 'visitors', title: 'Unique Visitors', value: count(data?.journey.uniqueVisitors) },
  ];
}

export interface FunnelRow {
  event: string;
  badge: string;
  visitors: string;
  rate: string;
  /** For the progress bar, which cannot go past full: visitors may skip the landing page, so a rate can. */
  progress: number;
}

/** Each funnel step as a row: badge, "N visitors", the rate with one decimal and its bar. */
export function funnelRows(funnel: FunnelStep[] | undefined): FunnelRow[] {
  return (funnel ?? []).map((step) => ({
    event: step.event,
    badge: eventBadge(step.event),
    visitors: countOf(step.count, 'visitor', 'visitors'),
    rate: oneDecimalPercent(step.rate),
    progress: Math.min(100, Math.max(0, step.rate)),
  }));
}

export interface RevenueSlice {
  name: string;
  amount: number;
  /** Whole percent of all revenue. */
  percent: number;
  color: string;
  /** On the slice: "County Tracker 83%". */
  label: string;
  /** For screen readers, who cannot read the canvas: "County Tracker: $2,400 (83%)". */
  summary: string;
}

/**
 * The pie's slices, one per plan (types that are both sold as the Tracker share its slice,
 * so no two slices carry the same name). Only positive amounts make a slice: a pie cannot
 * draw a refund. Empty when there is no revenue at all.
 */
export function revenueSlices(byPurchaseType: Record<string, number> | undefined): RevenueSlice[] {
  const byPlan = new Map<string, number>();
  for (const [type, amount] of Object.entries(byPurchaseType ?? {})) {
    byPlan.set(planName(type), (byPlan.get(planName(type)) ?? 0) + (Number(amount) || 0));
  }
  const plans = [...byPlan].filter(([, amount]) => amount > 0);
  const total = plans.reduce((sum, [, amount]) => sum + amount, 0);
  return plans.map(([name, amount], index) => {
    const percent = Math.round((amount / total) * 100);
    return {
      name,
      amount,
      percent,
      color: colorAt(index),
      label: `${name} ${percent}%`,
      summary: `${name}: ${formatDollars(amount)} (${percent}%)`,
    };
  });
}

/** Whether the pie has anything to show; without revenue the card says "No revenue data available". */
export function hasRevenue(byPurchaseType: Record<string, number> | undefined): boolean {
  return revenueSlices(byPurchaseType).length > 0;
}

export interface EventBar {
  event: string;
  /** The full name, for the tooltip and screen readers. */
  badge: string;
  count: number;
  summary: string;
}

/** The bar chart's columns, keyed by the raw event so two events cut to the same label stay apart. */
export function eventBars(eventCounts: EventCount[] | undefined): EventBar[] {
  return (eventCounts ?? []).map(({ event, count: n }) => ({
    event,
    badge: eventBadge(event),
    count: n,
    summary: `${eventBadge(event)}: ${count(n)}`,
  }));
}
