import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { loadStripeJs } from './stripe-loader';

export type StripeJsState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/** Starts loading Stripe.js as soon as the key is known, so the card form is ready by the time it is shown. */
export function useStripeJs(publishableKey: string | null | undefined, stripeJsUrl: string | undefined) {
  const [state, setState] = useState<StripeJsState>({ status: 'loading' });
  useEffect(() => {
    if (!publishableKey || !stripeJsUrl) return;
    let current = true;
    setState({ status: 'loading' });
    loadStripeJs(publishableKey, stripeJsUrl).then(
      (stripe) => current && setState(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      (error: unknown) => {
        console.error(error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey, stripeJsUrl]);
  return state;
}
