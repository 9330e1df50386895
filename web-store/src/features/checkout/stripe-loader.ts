import type { Stripe } from '@stripe/stripe-js';
// The "pure" entry: the plain one adds js.stripe.com to every page as soon as it is imported.
import { loadStripe } from '@stripe/stripe-js/pure';
import { isStripeHostedJs } from './checkout-rules';

const scripts = new Map<string, Promise<void>>();

/** Adds a <script> once and waits for it; a failed load is forgotten, so a later visit tries again. */
function injectScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        script.remove();
        scripts.delete(src);
        reject(new Error(`Stripe.js could not be loaded from ${src}`));
      });
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

const instances = new Map<string, Promise<Stripe | null>>();

/**
 * The Stripe object for this key, loading Stripe.js on first use (only the checkout calls this).
 * Stripe's own script is left to `loadStripe`, which injects the version it was built for; any other
 * URL (the local stand-in) is injected first, so `loadStripe` finds window.Stripe already there.
 */
export function loadStripeJs(publishableKey: string, stripeJsUrl: string): Promise<Stripe | null> {
  const id = `${stripeJsUrl}\n${publishableKey}`;
  let loading = instances.get(id);
  if (!loading) {
    const hosted = isStripeHostedJs(stripeJsUrl);
    loading = (hosted ? Promise.resolve() : injectScript(stripeJsUrl)).then(() => loadStripe(publishableKey));
    loading.catch(() => instances.delete(id));
    instances.set(id, loading);
  }
  return loading;
}
