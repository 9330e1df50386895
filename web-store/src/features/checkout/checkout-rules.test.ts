import { PLANS } from '@contracts/plans';
import { HttpError } from '../../lib/http';
import {
  activatedMessage,
  activationErrorMessage,
  isStripeHostedJs,
  isValidEmail,
  orderForCounty,
  orderFromStoredCart,
  payButtonLabel,
  paymentIntentErrorMessage,
  paymentItems,
} from './checkout-rules';

const counties = [
  { id: 'c-1', name: 'Travis', state: 'Texas' },
  { id: 'c-2', name: 'King', state: 'Washington' },
];

describe('checkout email', () => {
  it.each(['buyer@example.com', ' a@b ', 'x@'])('accepts %p (non-empty with "@")', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', '   ', 'buyer.example.com'])('refuses %p', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('the order of /checkout (the stored cart)', () => {
  it('sells the stored lines at the plan prices, whatever price was stored', () => {
    const raw = JSON.stringify([
      { countyId: 'c-1', countyName: 'Travis', state: 'Texas', purchaseType: 'one-time', price: 1 },
      { countyId: 'c-2', countyName: 'King', state: 'Washington', purchaseType: 'annual', price: 1 },
    ]);
    const order = orderFromStoredCart(raw);
    expect(order).toMatchObject({ status: 'ok', total: PLANS.oneTime.price + PLANS.annual.price });
    expect(order.status === 'ok' && order.lines.map((l) => l.price)).toEqual([500, 1200]);
  });

  it('has nothing to sell without a cart or with an empty one', () => {
    expect(orderFromStoredCart(null)).toEqual({ status: 'empty' });
    expect(orderFromStoredCart('[]')).toEqual({ status: 'empty' });
  });

  it('reports a cart it cannot read', () => {
    expect(orderFromStoredCart('{not json')).toEqual({ status: 'invalid' });
    expect(orderFromStoredCart('[{"countyId":1}]')).toEqual({ status: 'invalid' });
  });
});

describe('the order of /checkout/{countyId} (one county)', () => {
  it('waits for the catalog', () => {
    expect(orderForCounty(undefined, 'c-1', 'annual')).toEqual({ status: 'loading' });
  });

  it('sells that one county on the chosen plan', () => {
    expect(orderForCounty(counties, 'c-2', 'one-time')).toEqual({
      status: 'ok',
      total: 500,
      lines: [{ countyId: 'c-2', countyName: 'King', state: 'Washington', purchaseType: 'one-time', price: 500 }],
    });
    expect(orderForCounty(counties, 'c-2', 'annual')).toMatchObject({ total: 1200 });
  });

  it('says when the county is not in the catalog', () => {
    expect(orderForCounty(counties, 'nope', 'annual')).toEqual({ status: 'unknown-county' });
  });
});

describe('what the checkout sends and shows', () => {
  it('sends counties and plans only, never prices', () => {
    const order = orderForCounty(counties, 'c-1', 'annual');
    expect(order.status === 'ok' && paymentItems(order.lines)).toEqual([{ countyId: 'c-1', purchaseType: 'annual' }]);
  });

  it('labels the pay button with the total, or "Processing..." while busy', () => {
    expect(payButtonLabel(1700, false)).toBe('Complete Purchase - $1,700');
    expect(payButtonLabel(1700, true)).toBe('Processing...');
  });

  it('words the success as the spec does', () => {
    expect(activatedMessage(2)).toBe('2 subscription(s) activated! Check your email for details.');
  });

  it('explains a failed payment intent: server message, status fallback, or network failure', () => {
    const withMessage = new HttpError(400, '400: {"message":"Add at least one county"}', 'Add at least one county');
    expect(paymentIntentErrorMessage(withMessage)).toBe('Add at least one county');
    expect(paymentIntentErrorMessage(new HttpError(502, '502: Bad Gateway', null))).toBe(
      'Failed to initialize payment',
    );
    expect(paymentIntentErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to initialize payment. Please try again.',
    );
  });

  it('explains a failed activation, or any other error generically', () => {
    expect(activationErrorMessage(new HttpError(409, '409: …', 'The payment has not succeeded'))).toBe(
      'The payment has not succeeded',
    );
    expect(activationErrorMessage(new HttpError(500, '500: Internal Server Error', null))).toBe(
      'Failed to activate subscriptions',
    );
    expect(activationErrorMessage(new Error('boom'))).toBe('An error occurred');
  });

  it("tells Stripe's own Stripe.js from a stand-in", () => {
    expect(isStripeHostedJs('https://js.stripe.com/v3')).toBe(true);
    expect(isStripeHostedJs('/dev/stripe.js')).toBe(false);
    expect(isStripeHostedJs('https://js.stripe.com.evil.example/v3')).toBe(false);
  });
});
