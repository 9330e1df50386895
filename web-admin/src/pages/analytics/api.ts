import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys, getJson } from '@/lib/api';

/** A funnel step: visitors who reached it, and their percent of the visitors who saw the landing page. */
export type FunnelStep = components['schemas']['FunnelStepDto'];

/** Every occurrence of an event, not distinct visitors. */
export type EventCount = components['schemas']['EventCountDto'];

/** GET /api/admin/analytics (docs/store-spec.md §3 "Analytics response"). Money in dollars. */
export type AdminAnalytics = components['schemas']['AdminAnalyticsDto'];

export const analyticsQuery = queryOptions({
  queryKey: adminKeys.analytics,
  queryFn: () => getJson<AdminAnalytics>('/api/admin/analytics'),
});

export const useAnalytics = () => useQuery(analyticsQuery);
