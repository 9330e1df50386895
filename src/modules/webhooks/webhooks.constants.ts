/** The events a customer's endpoints can receive. */
export const WEBHOOK_EVENT_TYPES = ['release.published', 'subscription.renewing', 'subscription.expired'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What Send test event sends: to the one endpoint asked, whatever events it takes. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The queue of webhook deliveries: one job per attempt of one event to one endpoint. */
export const WEBHOOKS_QUEUE = 'webhooks';

export const WebhooksJob = {
  /** One attempt of one delivery. */
  deliver: 'deliver',
  /** Queues deliveries whose job was lost, and lets old events go. */
  sweep: 'webhooks-sweep',
} as const;

export interface DeliverWebhookJobData {
  deliveryId: string;
  /** Which attempt this is (1 for the first): a job for an attempt already made does nothing. */
  attempt: number;
}

/** BullMQ refuses ":" in custom job ids. */
export const deliveryJobId = (deliveryId: string, attempt: number) => `deliver-${deliveryId}-${attempt}`;

export const WEBHOOKS_SWEEP_EVERY_MS = 5 * 60_000;

/** Endpoints a customer may have at once. */
export const MAX_ENDPOINTS = 10;

/** One attempt: the whole exchange within 10 s, and at most 64 KB of the answer read (the rest is dropped). */
export const DELIVERY_TIMEOUT_MS = 10_000;
export const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Retries: the first a minute after a failure, doubling to at most six hours apart, for three days
 * from the first attempt (about 15 attempts); then the delivery has failed for good, the endpoint is
 * disabled and its owner told.
 */
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_DELAY_MS = 6 * 3600_000;
export const RETRY_FOR_MS = 3 * 24 * 3600_000;

/** After a secret is rolled, deliveries are signed with both until this long has passed (at most a week). */
export const DEFAULT_SECRET_OVERLAP_HOURS = 24;
export const MAX_SECRET_OVERLAP_HOURS = 7 * 24;

/** A delivery log is kept this long. */
export const DELIVERIES_KEPT_DAYS = 30;
