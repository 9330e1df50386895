import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys, getJson } from '@/lib/api';

/** GET /api/admin/summary (docs/store-spec.md §2 Dashboard). Money in dollars. */
export type AdminSummary = components['schemas']['AdminSummaryDto'];

export const summaryQuery = queryOptions({
  queryKey: adminKeys.summary,
  queryFn: () => getJson<AdminSummary>('/api/admin/summary'),
});

export const useSummary = () => useQuery(summaryQuery);
