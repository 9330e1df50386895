/**
 * The business facts other modules act on, each raised once by the module that owns it, after its
 * transaction commits (src/modules/events). Each listener of an event is a job of the `events` queue
 * named `<event>:<listener>`, typed by the job map and handled by one `@JobHandler`; a listener that
 * fails is retried on its own, and the others are not run again.
 */

/** A release was published: its counties' files are what customers now get. */
export interface ReleasePublished {
  releaseId: string;
  /** YYYY-MM */
  month: string;
  /** The counties published by this act (a release published again names only the ones it added). */
  countyIds: string[];
}

/** An order was paid and activated: its counties are the buyer's. */
export interface OrderPaid {
  orderId: string;
}

/** A County Tracker renews within a week (raised by each day's run while it does: listeners act once per expiration). */
export interface SubscriptionRenewing {
  subscriptionId: string;
  /** The expiration it renews at (ISO). */
  renewsAt: string;
}

/** A County Tracker ended without renewing. */
export interface SubscriptionExpired {
  subscriptionId: string;
  /** The expiration that passed (ISO). */
  expiredAt: string;
}

export interface EventPayloads {
  'release.published': ReleasePublished;
  'order.paid': OrderPaid;
  'subscription.renewing': SubscriptionRenewing;
  'subscription.expired': SubscriptionExpired;
}

export type EventName = keyof EventPayloads;

/**
 * Who acts on each event. A listener added here must be given its handler
 * (`@JobHandler(EVENTS_QUEUE, '<event>:<listener>')`), or the worker refuses to start; names are
 * those in Redis, so never rename one a running store holds.
 */
export const EVENT_LISTENERS = {
  'release.published': ['conversions', 'tracker-emails', 'parcel-store', 'webhooks'],
  'order.paid': ['receipt', 'renewal-enrollment'],
  'subscription.renewing': ['webhooks'],
  'subscription.expired': ['webhooks'],
} as const satisfies { readonly [E in EventName]: readonly string[] };

type ListenerJob<E extends EventName> = `${E}:${(typeof EVENT_LISTENERS)[E][number]}`;

/** The events queue's jobs: one per event and listener, carrying the event's payload. */
export type EventListenerJobs = {
  [E in EventName as ListenerJob<E>]: EventPayloads[E];
};

export const EVENTS_QUEUE = 'events';

/** The relay's own job: turns events whose relay was cut short into their listeners' jobs. */
export const EVENTS_RELAY_SWEEP_JOB = 'events-relay-sweep';
