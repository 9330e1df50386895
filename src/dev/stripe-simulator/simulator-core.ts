import { randomBytes } from 'node:crypto';

/** What the simulator's handlers share: object shapes, errors, routes and the store they work on. */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Auth = 'secret' | 'publishable' | 'none';

export interface Call {
  params: string[];
  query: Json;
  body: Json;
  auth: Auth;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Stripe.js may make this call with the publishable key. */
  publishable?: boolean;
  /** Answered without any key, as a page Stripe hosts for customers is. */
  open?: boolean;
  handle(call: Call): Json;
}

/** An error answered in Stripe's shape: `{ error: { type, code, message, … } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(error.message);
  }
}

export const invalidRequest = (message: string, extra: Json = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });

export const noSuch = (kind: string, id: string, param: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

/**
 * Refuses a parameter Stripe accepts but the simulator does not model, so a
 * test never passes on behaviour the real Stripe would not show.
 */
export function onlyModeled(body: Json, modeled: string[], operation: string): void {
  const other = Object.keys(body).find((key) => !modeled.includes(key));
  if (other) {
    throw new StripeApiError(501, {
      type: 'invalid_request_error',
      message: `The Stripe simulator does not implement ${other} on ${operation}`,
      param: other,
    });
  }
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const now = () => Math.floor(Date.now() / 1000);
export const clone = <T>(value: T): T => structuredClone(value);

/** Stripe's `created` filter: an exact second or a `{ gt, gte, lt, lte }` range. */
export function inRange(value: number, range: number | Json | undefined): boolean {
  if (range === undefined) return true;
  if (typeof range === 'number') return value === range;
  return (
    (range.gt === undefined || value > range.gt) &&
    (range.gte === undefined || value >= range.gte) &&
    (range.lt === undefined || value < range.lt) &&
    (range.lte === undefined || value <= range.lte)
  );
}

/** The top-level fields that changed, with their former values: an event's `previous_attributes`. */
export function previousAttributes(before: Json, after: Json): Json | undefined {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return changed.length ? Object.fromEntries(changed.map((key) => [key, before[key]])) : undefined;
}

export interface ChargeRequest {
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  description: string;
}

/** A PaymentIntent charged off-session: `error` is the card error when it did not succeed. */
export interface ChargeOutcome {
  intent: Json;
  error?: Json;
}

/** The simulator's store, events and card payments, as its Stripe products use them. */
export interface SimulatorContext {
  url(): string;
  save<T extends Json>(object: T): T;
  find(kind: string, id: string, param: string): Json;
  all(kind: string): Json[];
  list(kind: string, url: string, filter: (o: Json) => boolean, query: Json): Json;
  emit(type: string, object: Json, previous?: Json): void;
  paymentMethod(id: string, param?: string): Json;
  chargeOffSession(charge: ChargeRequest): ChargeOutcome;
}
