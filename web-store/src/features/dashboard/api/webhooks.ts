import type { components } from '@web-shared/api-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/http';
import { shouldPoll } from '../webhook-display';

/** One of the customer's endpoints as the list shows it: never its secret. */
export type WebhookEndpoint = components['schemas']['WebhookEndpointDto'];
/** An endpoint just made or given a new secret: the two answers that carry the secret. */
export type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecretDto'];
export type NewWebhookEndpoint = components['schemas']['CreateWebhookEndpointDto'];
export type WebhookDelivery = components['schemas']['WebhookDeliveryDto'];

/** While a delivery is due, its log is asked for again this often. */
export const DELIVERIES_POLL_MS = 1500;

const endpointPath = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export const webhooksQuery = {
  queryKey: ['webhooks'],
  queryFn: () => getJson<WebhookEndpoint[]>('/api/webhooks'),
} as const;

export const webhookDeliveriesQuery = (endpointId: string) =>
  ({
    queryKey: ['webhooks', endpointId, 'deliveries'],
    queryFn: () => getJson<WebhookDelivery[]>(`${endpointPath(endpointId)}/deliveries`),
  }) as const;

/** The customer's endpoints, newest first; asked for only once signed in. */
export function useWebhooks(enabled: boolean) {
  return useQuery({ ...webhooksQuery, enabled });
}

/** An endpoint's last 100 deliveries, newest first (asked for while its log is open); polled while one is due. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    ...webhookDeliveriesQuery(endpointId),
    refetchInterval: (query) => (query.state.data && shouldPoll(query.state.data) ? DELIVERIES_POLL_MS : false),
  });
}

/** Registers an endpoint and refetches the list; the secret is in the mutation's answer only, never in the cache. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: NewWebhookEndpoint) =>
      sendJson<WebhookEndpointWithSecret>('POST', '/api/webhooks', endpoint),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey, exact: true }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => sendJson<void>('DELETE', endpointPath(endpoint.id)),
    onSuccess: (_, endpoint) => {
      queryClient.removeQueries({ queryKey: webhookDeliveriesQuery(endpoint.id).queryKey });
      return queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey, exact: true });
    },
  });
}

/** A new secret, shown once; the list is refetched for the old secret's "signs until". */
export function useRollWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpoint, overlapHours }: { endpoint: WebhookEndpoint; overlapHours: number }) =>
      sendJson<WebhookEndpointWithSecret>('POST', `${endpointPath(endpoint.id)}/roll-secret`, { overlapHours }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey, exact: true }),
  });
}

export function useEnableWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => sendJson<WebhookEndpoint>('POST', `${endpointPath(endpoint.id)}/enable`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey, exact: true }),
  });
}

/** Raises webhook.test for this endpoint alone; its delivery then shows in the log. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      sendJson<components['schemas']['WebhookTestEventDto']>('POST', `${endpointPath(endpoint.id)}/test`),
    onSuccess: (_, endpoint) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQuery(endpoint.id).queryKey }),
  });
}

/** Sends a delivered or failed delivery again, with the same event id. */
export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      sendJson<WebhookDelivery>(
        'POST',
        `${endpointPath(endpointId)}/deliveries/${encodeURIComponent(delivery.id)}/resend`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQuery(endpointId).queryKey }),
  });
}
