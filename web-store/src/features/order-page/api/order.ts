import { useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@contracts/invoice';
import { getJson, sendJson } from '../../../lib/http';
import type { DownloadLink, Subscription } from '../../../lib/subscriptions';
import type { OrderStatus } from '../order-view';

/** GET /api/orders/{token}: an order as its page shows it; amounts in dollars. */
export interface Order {
  id: string;
  email: string;
  status: OrderStatus;
  paidAt: string;
  totalAmount: number;
  subscriptions: Subscription[];
  /** Oldest first: the checkout's, then each renewal's; each PDF is reached through the order's token. */
  invoices: InvoiceSummary[];
}

// The token is the only key to the order: it goes to the order's own API routes and nowhere else.
const orderPath = (token: string) => `/api/orders/${encodeURIComponent(token)}`;

export function useOrder(token: string) {
  return useQuery({ queryKey: ['order', token], queryFn: () => getJson<Order>(orderPath(token)) });
}

export function requestOrderDownloadLink(token: string, subscriptionId: string): Promise<DownloadLink> {
  return sendJson<DownloadLink>(
    'POST',
    `${orderPath(token)}/subscriptions/${encodeURIComponent(subscriptionId)}/download-link`,
  );
}
