import { count, oneDecimalPercent, wholeDollars } from '@/lib/figures';
import type { AdminSummary } from './api';

export type FigureKey = 'users' | 'active' | 'subscriptions' | 'revenue' | 'average' | 'conversion' | 'visitors';

export interface DashboardFigure {
  key: FigureKey;
  title: string;
  value: string;
  note?: string;
}

export const EMPTY_SUMMARY: AdminSummary = {
  totalUsers: 0,
  activeSubscriptions: 0,
  totalRevenue: 0,
  averageSubscriptionValue: 0,
  conversionRate: 0,
  uniqueVisitors: 0,
  totalSubscriptions: 0,
};

/** Active subscriptions as a whole percent of all subscriptions (docs/store-spec.md §2); 0 when there are none. */
export function activeRate(summary: Pick<AdminSummary, 'activeSubscriptions' | 'totalSubscriptions'>): number {
  if (!summary.totalSubscriptions) return 0;
  return Math.round((summary.activeSubscriptions / summary.totalSubscriptions) * 100);
}

/** The dashboard's cards with the rounding of docs/store-spec.md §2: active rate whole, average whole dollars, conversion one decimal. */
export function dashboardFigures(summary: AdminSummary): DashboardFigure[] {
  return [
    {
      key: 'revenue',
      title: 'Total Revenue',
      value: wholeDollars(summary.totalRevenue),
      note: 'Collected, net of refunds',
    },
    {
      key: 'active',
      title: 'Active Subscriptions',
      value: count(summary.activeSubscriptions),
      note: `${activeRate(summary)}% of ${count(summary.totalSubscriptions)} total`,
    },
    { key: 'subscriptions', title: 'Total Subscriptions', value: count(summary.totalSubscriptions) },
    {
      key: 'average',
      title: 'Avg Subscription Value',
      value: wholeDollars(summary.averageSubscriptionValue),
      note: 'Mean amount per subscription',
    },
    { key: 'users', title: 'Total Users', value: count(summary.totalUsers) },
    { key: 'visitors', title: 'Unique Visitors', value: count(summary.uniqueVisitors) },
    {
      key: 'conversion',
      title: 'Conversion Rate',
      value: oneDecimalPercent(summary.conversionRate),
      note: 'Visitors who paid',
    },
  ];
}
