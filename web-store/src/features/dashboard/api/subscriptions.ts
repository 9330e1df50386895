import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/http';
import type { DownloadChoice, DownloadLink, Subscription } from '@/lib/subscriptions';

export type { Subscription };

export const subscriptionsQuery = {
  queryKey: ['subscriptions'],
  queryFn: () => getJson<Subscription[]>('/api/subscriptions'),
} as const;

/** The signed-in customer's subscriptions; waits until sign-in is confirmed so a visitor sends no request. */
export function useSubscriptions(enabled: boolean) {
  return useQuery({ ...subscriptionsQuery, enabled });
}

/**
 * docs/store-spec.md §7: PATCH the preference, then refetch the list. The mutation stays pending until the
 * list is back, so the switch is never shown enabled with a stale value in between.
 */
export function useAutoRenew(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoRenew: boolean) =>
      sendJson<Subscription>('PATCH', `/api/subscriptions/${encodeURIComponent(subscriptionId)}`, { autoRenew }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionsQuery.queryKey }),
  });
}

/** Without a choice, the full file the subscription includes now; with one, that release's full or change file. */
export function requestDownloadLink(subscriptionId: string, choice?: DownloadChoice): Promise<DownloadLink> {
  return sendJson<DownloadLink>(
    'POST',
    `/api/subscriptions/${encodeURIComponent(subscriptionId)}/download-link`,
    choice,
  );
}
