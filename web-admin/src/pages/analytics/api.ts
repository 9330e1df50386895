import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, getJson } from '../../lib/api';

export interface FunnelStep {
  event: string;
  /** Visitors who reached this step. */
  count: number;
  /** Those visitors as a percent of the visitors who saw the landing page. */
  rate: number;
}

export interface EventCount {
  event: string;
  /** Every occurrence, not distinct visitors. */
  count: number;
}

/** GET /api/admin/analytics (docs/store-spec.md §3 "Analytics response"). Money in dollars. */
export interface AdminAnalytics {
  journey: {
    conversionFunnel: FunnelStep[];
    uniqueVisitors: number;
    conversionRate: number;
    eventCounts: EventCount[];
  };
  revenue: {
    totalRevenue: number;
    activeSubscriptions: number;
    averageSubscriptionValue: number;
    /** Purchase type ("one-time", "annual") to dollars. */
    revenueByPurchaseType: Record<string, number>;
  };
}

export const analyticsQuery = queryOptions({
  queryKey: adminKeys.analytics,
  queryFn: () => getJson<AdminAnalytics>('/api/admin/analytics'),
});

export const useAnalytics = () => useQuery(analyticsQuery);
