import type { Server } from 'node:http';
import request from 'supertest';
import { testStripe } from './stripe';

/** What a buyer may add to a checkout beyond the cart and the email (the license is always accepted). */
export interface BuyerDetails {
  companyName?: string;
  taxId?: string;
}

/** A whole checkout through the API and the Stripe simulator, paid with 4242…. Returns the order id. */
export async function buy(
  server: Server,
  email: string,
  items: { countyId: string; purchaseType: 'one-time' | 'annual' }[],
  details: BuyerDetails = {},
): Promise<string> {
  const stripe = await testStripe();
  const { body } = await request(server)
    .post('/api/create-payment-intent')
    .send({ email, items, acceptedLicense: true, ...details })
    .expect(200);
  await stripe.pay(body.clientSecret);
  await request(server)
    .post('/api/payment-success')
    .send({ paymentIntentId: body.clientSecret.split('_secret_')[0], email })
    .expect(200);
  return body.orderId;
}
