import type { components } from '@web-shared/api-types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys, getJson, sendJson } from '@/lib/api';
import { listQuery, type ListPage, type ListParams } from '@/lib/server-table';

type Schemas = components['schemas'];
/** One customer a search found (GET /api/admin/customers). Money in cents. */
export type CustomerRow = Schemas['CustomerSearchRowDto'];
export type CustomerDetail = Schemas['CustomerDetailDto'];
export type CustomerOrder = Schemas['CustomerOrderDto'];
export type CustomerSubscription = Schemas['CustomerSubscriptionSummaryDto'];
export type CustomerInvoice = Schemas['CustomerInvoiceDto'];
export type CustomerEmail = Schemas['CustomerEmailDto'];
export type ExtensionUnit = Schemas['ExtendSubscriptionDto']['unit'];

const customersKey = ['admin', 'customers'] as const;
const detailKey = (id: string) => [...customersKey, 'detail', id] as const;

/** One page of a search by email or name; the last page stays on screen while the next loads. */
export const useCustomerSearch = (params: ListParams<never>) =>
  useQuery({
    queryKey: [...customersKey, 'search', params],
    queryFn: () => getJson<ListPage<CustomerRow>>(`/api/admin/customers?${listQuery(params)}`),
    placeholderData: keepPreviousData,
  });

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: detailKey(id),
    queryFn: () => getJson<CustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}`),
  });

/**
 * An action on a customer: once it is answered (or refused: a 409 means the customer changed
 * meanwhile), their page is read again, and so is every list the action changes.
 */
function useCustomerAction<Input, Output>(customerId: string, send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      for (const queryKey of [detailKey(customerId), adminKeys.auditLog, adminKeys.subscriptions, adminKeys.summary])
        void client.invalidateQueries({ queryKey });
    },
  });
}

const base = (customerId: string) => `/api/admin/customers/${encodeURIComponent(customerId)}`;

export const useRefund = (customerId: string) =>
  useCustomerAction(customerId, (input: { orderId: string; amountCents: number; idempotencyKey: string }) =>
    sendJson<Schemas['OrderRefundedDto']>('POST', `${base(customerId)}/orders/${input.orderId}/refund`, {
      amountCents: input.amountCents,
      idempotencyKey: input.idempotencyKey,
    }),
  );

export const useResendReceipt = (customerId: string) =>
  useCustomerAction(customerId, (input: { orderId: string; idempotencyKey: string }) =>
    sendJson<Schemas['ReceiptResentDto']>('POST', `${base(customerId)}/orders/${input.orderId}/resend-receipt`, {
      idempotencyKey: input.idempotencyKey,
    }),
  );

export const useResendTrackerEmail = (customerId: string) =>
  useCustomerAction(customerId, (input: { subscriptionId: string; idempotencyKey: string }) =>
    sendJson<Schemas['TrackerEmailResentDto']>(
      'POST',
      `${base(customerId)}/subscriptions/${input.subscriptionId}/resend-tracker-email`,
      { idempotencyKey: input.idempotencyKey },
    ),
  );

export const useExtendSubscription = (customerId: string) =>
  useCustomerAction(
    customerId,
    (input: { subscriptionId: string; unit: ExtensionUnit; count: number; idempotencyKey: string }) =>
      sendJson<Schemas['SubscriptionExtendedDto']>(
        'POST',
        `${base(customerId)}/subscriptions/${input.subscriptionId}/extend`,
        { unit: input.unit, count: input.count, idempotencyKey: input.idempotencyKey },
      ),
  );

/** Ends a subscription as the Subscriptions page does (POST /api/admin/subscriptions/{id}/cancel). */
export const useEndSubscription = (customerId: string) =>
  useCustomerAction(customerId, (subscriptionId: string) =>
    sendJson<Schemas['CancelledSubscriptionDto']>('POST', `/api/admin/subscriptions/${subscriptionId}/cancel`),
  );

export const useOrderPageLink = (customerId: string) =>
  useCustomerAction(customerId, (orderId: string) =>
    sendJson<Schemas['OrderPageLinkDto']>('POST', `${base(customerId)}/orders/${orderId}/page-link`),
  );
