import { useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { getJson, sendJson } from '@/lib/http';
import type { PaymentIntentRequest } from '../checkout-rules';

/** GET /api/checkout/config: what the card form needs. publishableKey is null when payments are not set up. */
export type CheckoutConfig = components['schemas']['CheckoutConfigDto'];

export const checkoutConfigQuery = {
  queryKey: ['checkout', 'config'],
  queryFn: () => getJson<CheckoutConfig>('/api/checkout/config'),
} as const;

export function useCheckoutConfig() {
  return useQuery(checkoutConfigQuery);
}

/** The opened payment; `amount` is what the card will be charged, in dollars, as the server priced the order. */
export type PaymentIntentCreated = components['schemas']['PaymentIntentCreatedDto'];

type Activation = components['schemas']['ActivationDto'];

/** Prices the order on the server and opens its payment; refused (400) unless the license was accepted. */
export function createPaymentIntent(request: PaymentIntentRequest): Promise<PaymentIntentCreated> {
  return sendJson<PaymentIntentCreated>('POST', '/api/create-payment-intent', request);
}

/** After Stripe.js confirms the payment: the server checks it with Stripe and activates the order. */
export function activatePayment(paymentIntentId: string, email: string): Promise<Activation> {
  const body: components['schemas']['PaymentSuccessDto'] = { paymentIntentId, email };
  return sendJson<Activation>('POST', '/api/payment-success', body);
}
