import { useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/http';
import type { PaymentIntentRequest } from '../checkout-rules';

/** GET /api/checkout/config: what the card form needs. publishableKey is null when payments are not set up. */
export interface CheckoutConfig {
  publishableKey: string | null;
  testMode: boolean;
  stripeJsUrl: string;
}

export const checkoutConfigQuery = {
  queryKey: ['checkout', 'config'],
  queryFn: () => getJson<CheckoutConfig>('/api/checkout/config'),
} as const;

export function useCheckoutConfig() {
  return useQuery(checkoutConfigQuery);
}

export interface PaymentIntentCreated {
  clientSecret: string;
  orderId: string;
  /** What the card will be charged, in dollars, as the server priced the order. */
  amount: number;
}

/** Prices the order on the server and opens its payment; refused (400) unless the license was accepted. */
export function createPaymentIntent(request: PaymentIntentRequest): Promise<PaymentIntentCreated> {
  return sendJson<PaymentIntentCreated>('POST', '/api/create-payment-intent', request);
}

/** After Stripe.js confirms the payment: the server checks it with Stripe and activates the order. */
export function activatePayment(paymentIntentId: string, email: string): Promise<{ activated: number }> {
  return sendJson<{ activated: number }>('POST', '/api/payment-success', { paymentIntentId, email });
}
