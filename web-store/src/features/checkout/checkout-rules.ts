import { autoRenewalTerms, LICENSE_TERMS, LICENSE_VERSION } from '@contracts/license';
import { PurchaseType } from '@contracts/plans';
import type { components } from '@web-shared/api-types';
import { CartItem, cartTotal, lineFor, parseStoredCart } from '@/lib/cart';
import { formatDollars } from '@web-shared/format';
import { HttpError, messageOf } from '@/lib/http';

/** The plan a single-county checkout (/checkout/{countyId}) starts on: the one the store recommends. */
export const DEFAULT_COUNTY_PLAN: PurchaseType = 'annual';

/** docs/store-spec.md §5: non-empty and containing "@"; the server checks the address properly. */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.includes('@');
}

/** What the checkout sells: its lines, or why there is nothing to sell. */
export type Order =
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'invalid' }
  | { status: 'unknown-county' }
  | { status: 'failed' }
  | { status: 'ok'; lines: CartItem[]; total: number };

function orderOf(lines: CartItem[]): Order {
  return { status: 'ok', lines, total: cartTotal(lines) };
}

/** /checkout: the cart the picker stored in session storage. */
export function orderFromStoredCart(raw: string | null): Order {
  const stored = parseStoredCart(raw);
  return stored.status === 'ok' ? orderOf(stored.items) : stored;
}

/** /checkout/{countyId}: that one county on the chosen plan, once the catalog is known. */
export function orderForCounty(
  counties: readonly { id: string; name: string; state: string }[] | undefined,
  countyId: string,
  purchaseType: PurchaseType,
): Order {
  if (!counties) return { status: 'loading' };
  const county = counties.find((c) => c.id === countyId);
  return county ? orderOf([lineFor(county, purchaseType)]) : { status: 'unknown-county' };
}

/** What the server is sent: counties and plans, never prices (it prices the order itself). */
export function paymentItems(lines: readonly CartItem[]): PaymentIntentRequest['items'] {
  return lines.map(({ countyId, purchaseType }) => ({ countyId, purchaseType }));
}

/** Who the invoice is made out to, beside the email; each part optional. */
export interface BuyerDetails {
  companyName: string;
  taxId: string;
}

export type PaymentIntentRequest = components['schemas']['CreatePaymentIntentDto'];

/** POST /api/create-payment-intent's body; a blank company or tax ID is left out rather than sent empty. */
export function paymentIntentRequest(
  lines: readonly CartItem[],
  email: string,
  buyer: BuyerDetails,
): PaymentIntentRequest {
  const companyName = buyer.companyName.trim();
  const taxId = buyer.taxId.trim();
  return {
    items: paymentItems(lines),
    email,
    acceptedLicense: true,
    ...(companyName ? { companyName } : {}),
    ...(taxId ? { taxId } : {}),
  };
}

/** The invoice details the payment was opened with, shown beside the email before the buyer pays. */
export function invoiceToLine({ companyName, taxId }: BuyerDetails): string | null {
  const company = companyName.trim();
  const tax = taxId.trim();
  const parts = [company, tax && `Tax ID ${tax}`].filter(Boolean);
  return parts.length ? `Invoice to ${parts.join(' · ')}` : null;
}

/** The County Trackers in the order: each one renews by itself. */
export function trackerCount(lines: readonly CartItem[]): number {
  return lines.filter((line) => line.purchaseType === 'annual').length;
}

/** What the buyer agrees to: the license, and the auto-renewal terms when any county renews. */
export interface LicenseTermsShown {
  license: readonly string[];
  autoRenewal: string[] | null;
  consentLabel: string;
  /**
   * Names the exact wording shown. A tick counts only for this wording: when the order starts to
   * include a renewal (or the license changes), the buyer has to read and tick again.
   */
  key: string;
}

export function licenseTermsFor(lines: readonly CartItem[]): LicenseTermsShown {
  const trackers = trackerCount(lines);
  const autoRenewal = trackers > 0 ? autoRenewalTerms(trackers) : null;
  return {
    license: LICENSE_TERMS,
    autoRenewal,
    consentLabel: autoRenewal ? 'I accept the license terms and the auto-renewal terms' : 'I accept the license terms',
    key: autoRenewal ? `${LICENSE_VERSION}|${autoRenewal.join(' ')}` : LICENSE_VERSION,
  };
}

export type EmailStepRefusal = { field: 'email' | 'license'; title: string; description: string };

/** docs/store-spec.md §5 checks the email first; only a valid address goes on to the license. */
export function emailStepRefusal(email: string, acceptedLicense: boolean): EmailStepRefusal | null {
  if (!isValidEmail(email)) {
    return { field: 'email', title: 'Invalid Email', description: 'Please enter a valid email address' };
  }
  if (!acceptedLicense) {
    return { field: 'license', title: 'License Required', description: 'Please accept the license terms to continue' };
  }
  return null;
}

export function payButtonLabel(total: number, processing: boolean): string {
  return processing ? 'Processing...' : `Complete Purchase - ${formatDollars(total)}`;
}

export function activatedMessage(activated: number): string {
  return `${activated} subscription(s) activated! Check your email for details.`;
}

/** docs/store-spec.md §8: the server's message, else a generic one; no answer at all means the network failed. */
export function paymentIntentErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return messageOf(error, 'Failed to initialize payment');
  return 'Failed to initialize payment. Please try again.';
}

/** docs/store-spec.md §8: an activation refused by the server says why; anything else is a generic error. */
export function activationErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return messageOf(error, 'Failed to activate subscriptions');
  return 'An error occurred';
}

/** Stripe's own Stripe.js, which `loadStripe` injects itself (at the version it was built for). */
export function isStripeHostedJs(url: string): boolean {
  try {
    return new URL(url).origin === 'https://js.stripe.com';
  } catch {
    return false;
  }
}
