import { Logger, Provider } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { stripeConfig } from '../../config';
import { StripeSimulator } from './simulator/stripe-simulator';

export const STRIPE_SIMULATOR = Symbol('STRIPE_SIMULATOR');

let running: Promise<StripeSimulator> | undefined;

/**
 * One simulator per process, shared by every app in it (API and worker under
 * `npm start`, several apps in a test), as replicas share the real Stripe.
 */
export function processSimulator(): Promise<StripeSimulator> {
  running ??= StripeSimulator.start().then((simulator) => {
    new Logger('Stripe').warn(`Stripe simulator active at ${simulator.url} (test mode: no real payments)`);
    return simulator;
  });
  return running;
}

export const stripeSimulatorProvider: Provider = {
  provide: STRIPE_SIMULATOR,
  inject: [stripeConfig.KEY],
  useFactory: (config: ConfigType<typeof stripeConfig>) => (config.useSimulator ? processSimulator() : null),
};
