import type { components } from '@web-shared/api-types';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys, getJson, sendJson } from '@/lib/api';
import { fetchEveryPage, listQuery, type ListFilter, type ListPage, type ListParams } from '@/lib/server-table';

/** One row of GET /api/admin/subscriptions (docs/store-spec.md §2 Subscriptions table). Amount in dollars. */
export type AdminSubscription = components['schemas']['AdminSubscriptionDto'];

/** The columns the server sorts by, named as the table's columns are. */
export type SubscriptionSortKey =
  'customer' | 'county' | 'plan' | 'amount' | 'status' | 'startDate' | 'expirationDate' | 'autoRenew';

// Under the subscriptions key, so whatever refreshes the subscriptions refreshes every page read.
const pagesKey = [...adminKeys.subscriptions, 'page'] as const;

const fetchPage = (params: ListParams<SubscriptionSortKey>) =>
  getJson<ListPage<AdminSubscription>>(`/api/admin/subscriptions?${listQuery(params)}`);

/** One page of the table, as sorted, searched and filtered; the last page stays on screen while the next loads. */
export const subscriptionsPageQuery = (params: ListParams<SubscriptionSortKey>) =>
  queryOptions({
    queryKey: [...pagesKey, params],
    queryFn: () => fetchPage(params),
    placeholderData: keepPreviousData,
  });

export const useSubscriptionsPage = (params: ListParams<SubscriptionSortKey>) =>
  useQuery(subscriptionsPageQuery(params));

/** Every subscription the table's search and filter keep, in its order: for the export. */
export const fetchEverySubscription = (
  filter: ListFilter<SubscriptionSortKey>,
  onProgress?: (read: number, total: number) => void,
) => fetchEveryPage((page, pageSize) => fetchPage({ ...filter, page, pageSize }), onProgress);

const AFFECTED = [
  adminKeys.subscriptions,
  adminKeys.summary,
  adminKeys.users,
  adminKeys.analytics,
  adminKeys.auditLog,
] as const;

/**
 * POST /api/admin/subscriptions/{id}/cancel. The row shows Cancelled at once; then every figure a
 * cancel changes is read again: this table, the dashboard summary, users' status, analytics,
 * and the audit log that records it.
 */
export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscription: AdminSubscription) =>
      sendJson<components['schemas']['CancelledSubscriptionDto']>(
        'POST',
        `/api/admin/subscriptions/${subscription.id}/cancel`,
      ),
    onSuccess: (result) => {
      client.setQueriesData<ListPage<AdminSubscription>>({ queryKey: pagesKey }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((row) =>
                row.id === result.id ? { ...row, status: result.status, autoRenew: false } : row,
              ),
            }
          : page,
      );
    },
    // Also after a failure: a 409 means someone else changed the row, so show it as it is now.
    onSettled: () => {
      for (const queryKey of AFFECTED) void client.invalidateQueries({ queryKey });
    },
  });
}

/**
 * POST /api/admin/subscriptions/{id}/replace-order-link: every page link of the order the
 * subscription came from stops working, and its buyer is emailed a new one. Recorded in the audit log.
 */
export function useReplaceOrderLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscription: AdminSubscription) =>
      sendJson<components['schemas']['OrderLinksReplacedDto']>(
        'POST',
        `/api/admin/subscriptions/${subscription.id}/replace-order-link`,
      ),
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.auditLog }),
  });
}
