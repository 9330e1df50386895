import express, { Router } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STRIPE_JS_STANDIN_PATH } from '../../integrations/stripe/stripe-simulator.provider';
import type { StripeSimulator } from './stripe-simulator';

/** Where the store passes the stand-in's API calls to the simulator. */
export const STRIPE_API_PROXY_PATH = '/dev/stripe-api';

/**
 * Serves the Stripe.js stand-in and passes its API calls to the simulator on
 * the same origin, so a browser needs neither internet nor CORS.
 */
export function stripeJsStandin(simulator: StripeSimulator): Router {
  const script = readFileSync(join(__dirname, 'stripe-js-standin.browser.js'));
  const router = Router();
  router.get(STRIPE_JS_STANDIN_PATH, (_req, res) => {
    res.set({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).send(script);
  });
  router.use(STRIPE_API_PROXY_PATH, express.raw({ type: () => true, limit: '100kb' }), async (req, res) => {
    const upstream = await fetch(`${simulator.url}${req.url}`, {
      method: req.method,
      headers: {
        authorization: req.headers.authorization ?? '',
        'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded',
      },
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : (req.body as Buffer),
    });
    res
      .status(upstream.status)
      .type('application/json')
      .send(Buffer.from(await upstream.arrayBuffer()));
  });
  return router;
}
