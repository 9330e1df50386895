import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, getJson } from '../../lib/api';

/** GET /api/admin/summary (docs/store-spec.md §2 Dashboard). Money in dollars. */
export interface AdminSummary {
  totalUsers: number;
  activeSubscriptions: number;
  totalRevenue: number;
  averageSubscriptionValue: number;
  conversionRate: number;
  uniqueVisitors: number;
  totalSubscriptions: number;
}

export const summaryQuery = queryOptions({
  queryKey: adminKeys.summary,
  queryFn: () => getJson<AdminSummary>('/api/admin/summary'),
});

export const useSummary = () => useQuery(summaryQuery);
