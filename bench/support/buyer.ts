/**
 * One buyer's whole purchase through the API with plain fetch, as the store's pages do it:
 * create-payment-intent, then the card 4242… paid at the Stripe simulator with the publishable
 * key and the client secret only (what Stripe.js does in the browser — here through the
 * /dev/stripe-api path where the store's Stripe.js stand-in reaches the simulator), then
 * payment-success. Each step is timed.
 */
import { performance } from 'node:perf_hooks';

export type PurchaseType = 'one-time' | 'annual';

export interface CartItem {
  countyId: string;
  purchaseType: PurchaseType;
}

export interface Purchase {
  orderId: string;
  /** Subscriptions the store answered for the order (payment-success's `activated`). */
  activated: number;
  createMs: number;
  payMs: number;
  successMs: number;
  totalMs: number;
}

/** Where the store's Stripe.js stand-in sends its Stripe API calls (passed on to the simulator). */
const STRIPE_API = '/dev/stripe-api';

async function json<T>(what: string, res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The publishable key the card form gets from the store. */
export async function publishableKeyOf(origin: string): Promise<string> {
  const config = await json<{ publishableKey: string | null }>(
    'GET /api/checkout/config',
    await fetch(`${origin}/api/checkout/config`),
  );
  if (!config.publishableKey) throw new Error('the store has no Stripe publishable key (is the simulator on?)');
  return config.publishableKey;
}

/** A Stripe API call as Stripe.js makes it: form-encoded, with the publishable key. */
async function stripeJs<T>(origin: string, key: string, path: string, params: Record<string, string>): Promise<T> {
  const res = await fetch(`${origin}${STRIPE_API}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return json<T>(`Stripe POST ${path}`, res);
}

/** Pays a PaymentIntent with the card 4242 4242 4242 4242, as the store's card form does. */
async function payWithCard(origin: string, key: string, clientSecret: string): Promise<void> {
  const intentId = clientSecret.split('_secret_')[0];
  const method = await stripeJs<{ id: string }>(origin, key, '/v1/payment_methods', {
    type: 'card',
    'card[number]': '4242424242424242',
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getFullYear() + 3),
    'card[cvc]': '123',
    'billing_details[address][postal_code]': '12345',
  });
  const intent = await stripeJs<{ status: string }>(origin, key, `/v1/payment_intents/${intentId}/confirm`, {
    client_secret: clientSecret,
    payment_method: method.id,
  });
  if (intent.status !== 'succeeded') throw new Error(`PaymentIntent ${intentId} is ${intent.status} after paying`);
}

/**
 * A whole purchase. `address` is the buyer's IP as a proxy in front of the store passes it
 * (X-Forwarded-For, trusted from loopback), so the checkout limits count each buyer apart.
 */
export async function purchase(
  origin: string,
  publishableKey: string,
  buyer: { email: string; address: string },
  items: CartItem[],
): Promise<Purchase> {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': buyer.address };
  const start = performance.now();
  const created = await json<{ clientSecret: string; orderId: string }>(
    'POST /api/create-payment-intent',
    await fetch(`${origin}/api/create-payment-intent`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: buyer.email, items, acceptedLicense: true }),
    }),
  );
  const afterCreate = performance.now();
  await payWithCard(origin, publishableKey, created.clientSecret);
  const afterPay = performance.now();
  const success = await json<{ activated: number }>(
    'POST /api/payment-success',
    await fetch(`${origin}/api/payment-success`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ paymentIntentId: created.clientSecret.split('_secret_')[0], email: buyer.email }),
    }),
  );
  const end = performance.now();
  return {
    orderId: created.orderId,
    activated: success.activated,
    createMs: afterCreate - start,
    payMs: afterPay - afterCreate,
    successMs: end - afterPay,
    totalMs: end - start,
  };
}
