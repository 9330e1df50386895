import { planFor } from '@contracts/plans';
import type { components } from '@web-shared/api-types';
import { countOf } from '@web-shared/format';

type Delivery = components['schemas']['WebhookDeliveryDto'];
type Subscription = components['schemas']['CustomerSubscriptionDto'];
export type WebhookEventType = components['schemas']['WebhookEndpointDto']['events'][number];

/**
 * The events an endpoint may take, in the order the form lists them, each with what sets it off.
 * Keyed by the API's own union, so an event added or renamed there fails to compile here.
 */
export const WEBHOOK_EVENTS: Record<WebhookEventType, string> = {
  'release.published': 'A county you hold gets a new release',
  'subscription.renewing': 'A County Tracker of yours is about to renew',
  'subscription.expired': 'A subscription of yours has expired',
};
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** How long the replaced secret may keep signing after a roll (the API takes 0 to 168 hours). */
export const OVERLAP_CHOICES = [
  { hours: 0, label: 'Stop it now' },
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
] as const;
export const DEFAULT_OVERLAP_HOURS = 24;

/** "evt_Xb3kQ9zT…p2Wd": long ids fit a table cell, yet both ends stay there to match against a receiver's log. */
export function shortenId(id: string, head = 10, tail = 4): string {
  return id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`;
}

export type DeliveryTone = 'pending' | 'delivered' | 'failed';

const answeredWell = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * The log's word for a delivery's state. A pending one whose last attempt failed is being retried on
 * the backoff schedule, which matters to someone watching their receiver; one resent after it was
 * delivered is simply pending again.
 */
export function deliveryState(delivery: Pick<Delivery, 'state' | 'attempts' | 'lastStatus' | 'lastError'>): {
  label: string;
  tone: DeliveryTone;
} {
  if (delivery.state === 'delivered') return { label: 'Delivered', tone: 'delivered' };
  if (delivery.state === 'failed') return { label: 'Failed', tone: 'failed' };
  const lastFailed = delivery.attempts > 0 && (delivery.lastError !== null || !answeredWell(delivery.lastStatus));
  return { label: lastFailed ? 'Retrying' : 'Pending', tone: 'pending' };
}

/**
 * What the last attempt got: the status code (or that nothing answered) and why it failed. The sender's
 * "answered 500" says no more than the code beside it, so it is left out.
 */
export function lastResult(delivery: Pick<Delivery, 'attempts' | 'lastStatus' | 'lastError'>): {
  status: string;
  detail: string | null;
} {
  const status = delivery.lastStatus !== null ? String(delivery.lastStatus) : delivery.attempts > 0 ? 'No answer' : '—';
  const detail =
    delivery.lastError && delivery.lastError !== `answered ${delivery.lastStatus}` ? delivery.lastError : null;
  return { status, detail };
}

export function formatLatency(ms: number | null): string {
  return ms === null ? '—' : `${ms.toLocaleString('en-US')} ms`;
}

/** What the log last showed of each delivery, by id. */
export type Seen = ReadonlyMap<string, Pick<Delivery, 'state' | 'attempts'>>;

/**
 * What a screen reader hears as deliveries settle while the log is open (the table changes silently):
 * one seen pending or attempted again since the last look, and the test event just sent, which may
 * well be delivered before the log first loads.
 */
export function settledNews(
  seen: Seen,
  now: readonly Pick<Delivery, 'id' | 'eventId' | 'eventType' | 'state' | 'attempts' | 'lastStatus' | 'lastError'>[],
  awaitedEventId: string | null,
): string {
  return now
    .filter((d) => {
      if (d.state === 'pending') return false;
      const before = seen.get(d.id);
      return before ? before.state === 'pending' || before.attempts !== d.attempts : d.eventId === awaitedEventId;
    })
    .map((d) => {
      const { status, detail } = lastResult(d);
      return `${d.eventType} ${deliveryState(d).label.toLowerCase()}: ${detail ?? status}.`;
    })
    .join(' ');
}

/** The server's reasons come without a full stop; another sentence follows them here. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A resend may be asked for once the delivery is settled either way; a pending one is still the worker's. */
export const canResend = (delivery: Pick<Delivery, 'state'>) => delivery.state !== 'pending';

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-US', options)));
  return format;
}

/**
 * A log time to the second ("Jan 5, 2:03:07 PM"), in the reader's own time zone: they compare it with
 * their receiver's logs, not with the store's release calendar (which formatDate keeps in UTC).
 */
export function formatLogTime(value: string | Date, timeZone?: string): string {
  return formatter(`log:${timeZone ?? ''}`, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
  }).format(new Date(value));
}

/** A moment a day or a week away, with its zone, so it cannot be misread ("Jan 6, 2026, 2:03 PM EST"). */
export function formatMoment(value: string | Date, timeZone?: string): string {
  return formatter(`moment:${timeZone ?? ''}`, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(value));
}

/** Polled no longer than this after a pending delivery fell due: by then the worker is late, and Refresh is there. */
const POLL_LATE_MS = 60_000;
/** A retry further off than this is not waited for. */
const POLL_AHEAD_MS = 15_000;

/** Whether the log is worth asking for again soon: some pending delivery is due about now. */
export function shouldPoll(
  deliveries: readonly Pick<Delivery, 'state' | 'nextAttemptAt'>[],
  now: Date = new Date(),
): boolean {
  return deliveries.some((delivery) => {
    if (delivery.state !== 'pending') return false;
    if (delivery.nextAttemptAt === null) return true;
    const wait = Date.parse(delivery.nextAttemptAt) - now.getTime();
    return wait <= POLL_AHEAD_MS && wait >= -POLL_LATE_MS;
  });
}

/** A subscription as the form offers it: "Harris, Texas · County Tracker", and whether it has run out. */
export function subscriptionLabel(subscription: Pick<Subscription, 'county' | 'purchaseType' | 'status'>): string {
  const label = `${subscription.county.name}, ${subscription.county.state} · ${planFor(subscription.purchaseType).name}`;
  return subscription.status === 'active' ? label : `${label} (${subscription.status})`;
}

/** Which subscriptions' events an endpoint gets, in a line: all of them, or the counties it names. */
export function subscriptionScope(
  subscriptionIds: readonly string[] | null,
  subscriptions: readonly Pick<Subscription, 'id' | 'county'>[],
  shown = 3,
): string {
  if (subscriptionIds === null) return 'All subscriptions, including later ones';
  const byId = new Map(subscriptions.map((s) => [s.id, `${s.county.name}, ${s.county.state}`]));
  // Ids not (yet) in the list are counted rather than named: the list may still be loading.
  const names = subscriptionIds.flatMap((id) => byId.get(id) ?? []);
  if (names.length === 0) return `Only ${countOf(subscriptionIds.length, 'subscription', 'subscriptions')}`;
  const named = names.slice(0, shown);
  const more = subscriptionIds.length - named.length;
  return more > 0 ? `Only ${named.join('; ')} and ${more} more` : `Only ${named.join('; ')}`;
}
