import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import request from 'supertest';
import { processSimulator } from '../../src/integrations/stripe/stripe-simulator.provider';
import { StripeSimulator } from '../../src/dev/stripe-simulator/stripe-simulator';

/** The real stripe SDK pointed at a simulator, with the given key (secret by default). */
export function stripeClient(simulator: StripeSimulator, key = simulator.keys.secretKey): Stripe {
  const { hostname, port } = new URL(simulator.url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
}

/** The simulator the apps of this test process use, and Stripe clients for it. */
export async function testStripe() {
  const simulator = await processSimulator();
  const server = stripeClient(simulator);
  const browser = stripeClient(simulator, simulator.keys.publishableKey);
  return {
    simulator,
    /** Stripe's side, as the dashboard or a test would see it. */
    server,
    /** Pays as Stripe.js does in the browser: publishable key and client secret only. */
    async pay(clientSecret: string, paymentMethod = 'pm_card_visa'): Promise<Stripe.PaymentIntent> {
      const intentId = clientSecret.split('_secret_')[0];
      return browser.paymentIntents.confirm(intentId, {
        payment_method: paymentMethod,
        client_secret: clientSecret,
      } as Stripe.PaymentIntentConfirmParams);
    },
  };
}

/** Posts an event to the store's webhook as Stripe does: JSON, signed with the simulator's secret. */
export function sendWebhook(server: Parameters<typeof request>[0], simulator: StripeSimulator, event: object) {
  const payload = JSON.stringify(event);
  return request(server)
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', simulator.signature(payload))
    .send(payload);
}

/**
 * Ends a subscription's current period as a Stripe test clock would (renewal
 * or end), over HTTP, so it works against a simulator in another process too.
 */
export async function advanceSubscription(
  simulator: Pick<StripeSimulator, 'url' | 'keys'>,
  subscriptionId: string,
): Promise<Stripe.Subscription> {
  const res = await fetch(`${simulator.url}/_simulator/subscriptions/${subscriptionId}/advance`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${simulator.keys.secretKey}` },
  });
  const body = (await res.json()) as Stripe.Subscription & { error?: { message: string } };
  if (!res.ok) throw new Error(`Advancing ${subscriptionId} failed: ${body.error?.message}`);
  return body;
}

/**
 * A webhook endpoint that verifies signatures exactly as the SDK does for a
 * real Stripe, with the simulator delivering to it. Events land in `received`.
 */
export async function startWebhookReceiver(
  simulator: StripeSimulator,
  stripe: Stripe,
): Promise<{ server: Server; received: Stripe.Event[] }> {
  const received: Stripe.Event[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push(
        stripe.webhooks.constructEvent(
          Buffer.concat(chunks),
          req.headers['stripe-signature'] as string,
          simulator.keys.webhookSecret,
        ),
      );
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  simulator.deliverWebhooksTo(`http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`);
  return { server, received };
}
