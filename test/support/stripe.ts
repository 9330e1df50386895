import Stripe from 'stripe';
import { processSimulator } from '../../src/integrations/stripe/stripe-simulator.provider';
import { StripeSimulator } from '../../src/integrations/stripe/simulator/stripe-simulator';

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
