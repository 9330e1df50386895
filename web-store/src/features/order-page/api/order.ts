import { useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { getJson, sendJson } from '@/lib/http';
import type { DownloadChoice, DownloadLink } from '@/lib/subscriptions';

/**
 * GET /api/orders/{token}: an order as its page shows it; amounts in dollars. Its invoices come oldest
 * first (the checkout's, then each renewal's), each PDF reached through the order's token.
 */
export type Order = components['schemas']['OrderPageDto'];

// The token is the only key to the order: it goes to the order's own API routes and nowhere else.
const orderPath = (token: string) => `/api/orders/${encodeURIComponent(token)}`;

export function useOrder(token: string) {
  return useQuery({ queryKey: ['order', token], queryFn: () => getJson<Order>(orderPath(token)) });
}

/** Without a choice, the full file the subscription includes now; with one, that release's full or change file. */
export function requestOrderDownloadLink(
  token: string,
  subscriptionId: string,
  choice?: DownloadChoice,
): Promise<DownloadLink> {
  return sendJson<DownloadLink>(
    'POST',
    `${orderPath(token)}/subscriptions/${encodeURIComponent(subscriptionId)}/download-link`,
    choice,
  );
}
