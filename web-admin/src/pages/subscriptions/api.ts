import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys, getJson, sendJson } from '../../lib/api';

/** One row of GET /api/admin/subscriptions (docs/store-spec.md §2 Subscriptions table). Amount in dollars. */
export interface AdminSubscription {
  id: string;
  user: { id: string; firstName: string | null; lastName: string | null; email: string | null };
  county: { name: string; state: string };
  purchaseType: string;
  amount: number;
  /** active, cancelled or expired (docs/store-spec.md §3). */
  status: string;
  startDate: string;
  expirationDate: string | null;
  autoRenew: boolean;
}

const AFFECTED = [
  adminKeys.subscriptions,
  adminKeys.summary,
  adminKeys.users,
  adminKeys.analytics,
  adminKeys.auditLog,
] as const;

export const subscriptionsQuery = queryOptions({
  queryKey: adminKeys.subscriptions,
  queryFn: () => getJson<AdminSubscription[]>('/api/admin/subscriptions'),
});

export const useSubscriptions = () => useQuery(subscriptionsQuery);

/**
 * POST /api/admin/subscriptions/{id}/cancel. The row shows Cancelled at once; then every figure a
 * cancel changes is read again: this table, the dashboard summary, users' status, analytics,
 * and the audit log that records it.
 */
export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscription: AdminSubscription) =>
      sendJson<{ id: string; status: string }>('POST', `/api/admin/subscriptions/${subscription.id}/cancel`),
    onSuccess: (result) => {
      client.setQueryData<AdminSubscription[]>(adminKeys.subscriptions, (rows) =>
        rows?.map((row) => (row.id === result.id ? { ...row, status: result.status, autoRenew: false } : row)),
      );
    },
    // Also after a failure: a 409 means someone else changed the row, so show it as it is now.
    onSettled: () => {
      for (const queryKey of AFFECTED) void client.invalidateQueries({ queryKey });
    },
  });
}
