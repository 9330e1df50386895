import { Logger, Provider } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { stripeConfig } from '../../config';
import type { StripeSimulator } from '../../dev/stripe-simulator/stripe-simulator';

export const STRIPE_SIMULATOR = Symbol('STRIPE_SIMULATOR');

/** Where the store serves the Stripe.js stand-in while the simulator is active. */
export const STRIPE_JS_STANDIN_PATH = '/dev/stripe.js';

let running: Promise<StripeSimulator> | undefined;

/**
 * One simulator per process, shared by every app in it (API and worker under
 * `npm start`, several apps in a test), as replicas share the real Stripe.
 * Its code is loaded here, on first use, so a process using the real Stripe
 * (production always) never loads it.
 */
export function processSimulator(): Promise<StripeSimulator> {
  running ??= import('../../dev/stripe-simulator/stripe-simulator')
    .then(({ StripeSimulator }) => StripeSimulator.start())
    .then((simulator) => {
      new Logger('Stripe').warn(`Stripe simulator active at ${simulator.url} (test mode: no real payments)`);
      return simulator;
    });
  return running;
}

/** Stops the process's simulator, if one was started (a test file's end; the next use starts another). */
export async function stopProcessSimulator(): Promise<void> {
  const simulator = running;
  running = undefined;
  if (simulator) await (await simulator).stop();
}

export const stripeSimulatorProvider: Provider = {
  provide: STRIPE_SIMULATOR,
  inject: [stripeConfig.KEY],
  useFactory: (config: ConfigType<typeof stripeConfig>) => (config.useSimulator ? processSimulator() : null),
};
