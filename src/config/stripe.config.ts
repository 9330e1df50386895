import { registerAs } from '@nestjs/config';
import { isProduction, readEnvironment } from './environment';

export const stripeConfig = registerAs('stripe', () => {
  const env = readEnvironment();
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
    /** Locally, with no Stripe key, the built-in simulator stands in. Never in production. */
    useSimulator: !isProduction(env) && !env.STRIPE_SECRET_KEY,
  };
});
