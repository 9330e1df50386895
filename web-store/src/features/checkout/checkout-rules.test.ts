import { autoRenewalTerms, LICENSE_TERMS } from '@contracts/license';
import { PLANS } from '@contracts/plans';
import { CartItem } from '@/lib/cart';
import { HttpError } from '@/lib/http';
import {
  activatedMessage,
  activationErrorMessage,
  emailStepRefusal,
  invoiceToLine,
  isStripeHostedJs,
  isValidEmail,
  licenseTermsFor,
  orderForCounty,
  orderFromStoredCart,
  payButtonLabel,
  paymentIntentErrorMessage,
  paymentIntentRequest,
  paymentItems,
  trackerCount,
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

  it('words the success as docs/store-spec.md §8 does', () => {
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

const line = (countyId: string, purchaseType: CartItem['purchaseType']): CartItem => ({
  countyId,
  countyName: countyId,
  state: 'Texas',
  purchaseType,
  price: 0,
});

describe('continuing from the email step', () => {
  it('refuses an invalid email first, even with the license unticked (docs/store-spec.md §5 order)', () => {
    expect(emailStepRefusal('buyer.example.com', false)).toEqual({
      field: 'email',
      title: 'Invalid Email',
      description: 'Please enter a valid email address',
    });
  });

  it('refuses a valid email until the license is accepted', () => {
    expect(emailStepRefusal('buyer@example.com', false)).toEqual({
      field: 'license',
      title: 'License Required',
      description: 'Please accept the license terms to continue',
    });
  });

  it('lets a valid email with the license accepted through', () => {
    expect(emailStepRefusal('buyer@example.com', true)).toBeNull();
  });
});

describe('the license terms shown at checkout', () => {
  it('shows the license alone, and asks to accept only it, when nothing renews', () => {
    const terms = licenseTermsFor([line('c-1', 'one-time')]);
    expect(terms.license).toEqual(LICENSE_TERMS);
    expect(terms.autoRenewal).toBeNull();
    expect(terms.consentLabel).toBe('I accept the license terms');
  });

  it('adds the auto-renewal terms for the number of County Trackers', () => {
    const one = licenseTermsFor([line('c-1', 'one-time'), line('c-2', 'annual')]);
    expect(one.autoRenewal).toEqual(autoRenewalTerms(1));
    expect(one.consentLabel).toBe('I accept the license terms and the auto-renewal terms');
    const two = licenseTermsFor([line('c-1', 'annual'), line('c-2', 'annual')]);
    expect(two.autoRenewal).toEqual(autoRenewalTerms(2));
    expect(two.autoRenewal![0]).toContain('each');
  });

  it('needs a new tick when the wording changes, but not for a change that keeps it', () => {
    const snapshot = licenseTermsFor([line('c-1', 'one-time')]).key;
    const oneTracker = licenseTermsFor([line('c-1', 'annual')]).key;
    const twoTrackers = licenseTermsFor([line('c-1', 'annual'), line('c-2', 'annual')]).key;
    expect(new Set([snapshot, oneTracker, twoTrackers]).size).toBe(3);
    expect(licenseTermsFor([line('c-9', 'annual'), line('c-8', 'one-time')]).key).toBe(oneTracker);
  });

  it('counts the County Trackers in an order', () => {
    expect(trackerCount([line('a', 'annual'), line('b', 'one-time'), line('c', 'annual')])).toBe(2);
    expect(trackerCount([line('b', 'one-time')])).toBe(0);
  });
});

describe('the payment request', () => {
  const lines = [line('c-1', 'annual')];

  it('says the license was accepted and carries the invoice details, trimmed', () => {
    expect(paymentIntentRequest(lines, 'a@b.co', { companyName: ' Acme Realty LLC ', taxId: ' 12-3456789 ' })).toEqual({
      items: [{ countyId: 'c-1', purchaseType: 'annual' }],
      email: 'a@b.co',
      acceptedLicense: true,
      companyName: 'Acme Realty LLC',
      taxId: '12-3456789',
    });
  });

  it('leaves out a blank company name or tax ID', () => {
    const request = paymentIntentRequest(lines, 'a@b.co', { companyName: '   ', taxId: '' });
    expect(request).toEqual({
      items: [{ countyId: 'c-1', purchaseType: 'annual' }],
      email: 'a@b.co',
      acceptedLicense: true,
    });
    expect(Object.keys(request)).not.toContain('companyName');
    expect(Object.keys(request)).not.toContain('taxId');
  });

  it('names the invoice details on the card step only when there are some', () => {
    expect(invoiceToLine({ companyName: 'Acme', taxId: 'DE 123' })).toBe('Invoice to Acme · Tax ID DE 123');
    expect(invoiceToLine({ companyName: '', taxId: 'DE 123' })).toBe('Invoice to Tax ID DE 123');
    expect(invoiceToLine({ companyName: ' ', taxId: '' })).toBeNull();
  });
});
