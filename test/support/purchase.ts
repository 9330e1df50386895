import type { Server } from 'node:http';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { eventually } from './eventually';
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

/** A County Tracker an order bought, once the worker has given it its Stripe renewal. */
export interface EnrolledTracker {
  id: string;
  stripeSubscriptionId: string;
  expiresAt: Date;
}

/** Waits for the order's County Tracker to be enrolled in its Stripe renewal, and answers it. */
export function enrolledTracker(db: DataSource, orderId: string): Promise<EnrolledTracker> {
  return eventually(async () => {
    const [row]: EnrolledTracker[] = await db.query(
      `SELECT s.id, s.stripe_subscription_id AS "stripeSubscriptionId", s.expiration_date AS "expiresAt"
       FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id
       WHERE i.order_id = $1 AND s.purchase_type = 'annual'`,
      [orderId],
    );
    return row?.stripeSubscriptionId ? row : false;
  });
}
