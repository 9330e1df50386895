import type { WebhookEndpoint } from '../webhooks.repository';

/** A county of a release.published event: what a receiver needs to fetch it (see ReleasePublishedData). */
interface EventCounty {
  subscriptionId: string;
}

/** The event's data as an endpoint receives it: a release's counties narrowed to the endpoint's subscriptions. */
export function dataFor(endpoint: Pick<WebhookEndpoint, 'subscriptionIds'>, type: string, data: unknown): unknown {
  if (type !== 'release.published' || !endpoint.subscriptionIds) return data;
  const chosen = new Set(endpoint.subscriptionIds);
  const release = data as { counties: EventCounty[] };
  return { ...release, counties: release.counties.filter((county) => chosen.has(county.subscriptionId)) };
}

/**
 * The body of a delivery, the same in every attempt: the event's id (receivers drop repeats by it),
 * its type, when it was raised (Unix seconds) and its data.
 */
export function deliveryBody(
  event: { id: string; type: string; createdAt: Date; data: unknown },
  endpoint: Pick<WebhookEndpoint, 'subscriptionIds'>,
): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: Math.floor(event.createdAt.getTime() / 1000),
    data: dataFor(endpoint, event.type, event.data),
  });
}
