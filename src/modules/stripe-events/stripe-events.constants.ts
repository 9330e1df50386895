export const STRIPE_EVENTS_QUEUE = 'stripe-events';

export const StripeEventsJob = {
  /** Fetches and handles Stripe events whose webhooks were missed. */
  reconcile: 'stripe-reconciliation',
} as const;

export const RECONCILE_EVERY_MS = 10 * 60_000;
/** How far back reconciliation looks; handled events are skipped by id. */
export const RECONCILE_WINDOW_MS = 3 * 24 * 3600 * 1000;
