// How the order page words an order and its subscriptions.
import type { components } from '@web-shared/api-types';
import type { BadgeVariant } from '@/components/ui/badge';

export type OrderStatus = components['schemas']['OrderPageDto']['status'];

export function orderStatusBadge(status: OrderStatus): { label: string; variant: BadgeVariant } {
  return status === 'refunded' ? { label: 'Refunded', variant: 'secondary' } : { label: 'Paid', variant: 'default' };
}

/** A subscription's stored status in words: expired is a warning, cancelled (often a refund) a plain fact. */
export function subscriptionStatusBadge(status: string): { label: string; variant: BadgeVariant } {
  if (status === 'active') return { label: 'Active', variant: 'default' };
  if (status === 'expired') return { label: 'Expired', variant: 'destructive' };
  if (status === 'cancelled') return { label: 'Cancelled', variant: 'secondary' };
  return { label: status.charAt(0).toUpperCase() + status.slice(1), variant: 'outline' };
}

/** Why a subscription shows no download button, in words a customer can act on. */
export function noDownloadReason(subscription: { status: string }, orderStatus: OrderStatus): string {
  if (orderStatus === 'refunded') return 'This order was refunded, so its files can no longer be downloaded.';
  if (subscription.status !== 'active') return 'This subscription no longer includes a download.';
  return "This county's data is being prepared. Please check back in a few days.";
}
