import type { AuditEntry, SubscriptionName } from './api';

const ACTIONS: Record<string, string> = {
  'subscription.cancel': 'Subscription cancelled',
  'subscription.extend': 'Subscription extended',
  'subscription.tracker_email_resent': 'Tracker email resent',
  'order.refund': 'Order refunded',
  'order.receipt_resent': 'Receipt resent',
  'order.page_link_issued': 'Order page link made',
  'county.update': 'County edited',
  'county.delete': 'County deleted',
  'dataset.upload': 'County file uploaded',
  'order.links_replaced': 'Order link replaced',
  'session.sign_in': 'Signed in',
  'session.sign_out': 'Signed out',
  'session.sign_in_refused': 'Sign-in refused',
  'session.ended': 'Session ended (left the staff group)',
  'session.role_changed': 'Staff role changed',
};

/** The actions the console knows by name, offered in the action filter beside any others on the page. */
export const KNOWN_ACTIONS = Object.keys(ACTIONS);

/** "subscription.cancel" as staff say it: "Subscription cancelled". An action added later reads "Thing done". */
export function actionLabel(action: string): string {
  if (ACTIONS[action]) return ACTIONS[action];
  const words = action
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

const dateTime = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });

/** "Jan 5, 2025, 3:04 PM" on the reader's clock (or the zone given). */
export function formatDateTime(value: string, timeZone?: string): string {
  return dateTime(timeZone).format(new Date(value));
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value differs between the record before and after, in the record's own order. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const from = record(before) ?? {};
  const to = record(after) ?? {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => !same(from[field], to[field]))
    .map((field) => ({ field, before: from[field], after: to[field] }));
}

const LONGEST_VALUE = 40;

/** A value in one line: text as is (cut at 40 characters), "empty" for nothing, anything else as JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : text;
}

/** "name: Harris → Harris County". */
export const describeChange = (change: FieldChange) =>
  `${change.field}: ${formatValue(change.before)} → ${formatValue(change.after)}`;

/** What changed, one line a field; a record that is gone afterwards reads "Removed". */
export function changeSummary(
  entry: Pick<AuditEntry, 'before' | 'after'> & Partial<Pick<AuditEntry, 'action'>>,
): string[] {
  if (entry.action?.startsWith('session.')) return sessionDetails(entry.after);
  if (record(entry.before) && entry.after === null) return ['Removed'];
  const changes = changedFields(entry.before, entry.after);
  return changes.length ? changes.map(describeChange) : ['No field changed'];
}

const shortId = (id: string | null) => (id ? id.slice(0, 8) : 'unknown');

/**
 * What the action was done to, as staff recognise it: a county by name and state, a subscription
 * by county and customer (from the subscriptions list, when known), a county file by its release.
 */
export function targetLabel(
  entry: Pick<AuditEntry, 'targetType' | 'targetId' | 'before' | 'after'>,
  subscriptions: ReadonlyMap<string, SubscriptionName> = new Map(),
): string {
  const latest = record(entry.after) ?? record(entry.before) ?? {};
  switch (entry.targetType) {
    case 'county':
      return typeof latest.name === 'string'
        ? `County: ${latest.name}${typeof latest.state === 'string' ? `, ${latest.state}` : ''}`
        : `County ${shortId(entry.targetId)}`;
    case 'subscription': {
      const subscription = entry.targetId ? subscriptions.get(entry.targetId) : undefined;
      if (!subscription) return `Subscription ${shortId(entry.targetId)}`;
      const { user, county } = subscription;
      const customer =
        [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || user.email || 'Guest User';
      return `Subscription: ${county.name}, ${county.state} (${customer})`;
    }
    case 'admin_session':
      return `Staff session ${shortId(entry.targetId)}`;
    case 'county_dataset':
      return typeof latest.release === 'string' ? `County file, release ${latest.release}` : 'County file';
    default:
      return `${entry.targetType} ${shortId(entry.targetId)}`;
  }
}

/** Every action in the log once, for the action filter. */
export const actionsIn = (entries: readonly Pick<AuditEntry, 'action'>[]) =>
  [...new Set(entries.map((entry) => entry.action))].sort();

const SIGN_IN_METHODS: Record<string, string> = {
  password: 'Shared admin password (break-glass)',
  'staff-account': 'Staff account',
};

/** A sign-in event's facts, one a line: how, and for a refusal why. */
function sessionDetails(after: unknown): string[] {
  const facts = record(after) ?? {};
  const lines: string[] = [];
  if (typeof facts.signInMethod === 'string') lines.push(SIGN_IN_METHODS[facts.signInMethod] ?? facts.signInMethod);
  if (typeof facts.role === 'string') lines.push(`Role: ${facts.role}`);
  if (typeof facts.reason === 'string') lines.push(facts.reason);
  // A refusal keeps at most a short excerpt of the provider's words, already marked as theirs.
  if (typeof facts.providerSaid === 'string') lines.push(facts.providerSaid);
  return lines.length ? lines : ['—'];
}

/** Where an entry came from: the address, and the browser when known. */
export function originLabel(entry: Pick<AuditEntry, 'ipAddress' | 'userAgent'>): string {
  return [entry.ipAddress, entry.userAgent].filter(Boolean).join(' · ') || 'unknown';
}
