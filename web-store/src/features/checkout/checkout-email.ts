import { CHECKOUT_EMAIL_KEY } from '@/lib/cart';
import type { BuyerDetails } from './checkout-rules';

// Session storage can be refused (privacy modes); the checkout then simply does not remember the email.

export function readStoredEmail(): string {
  try {
    return sessionStorage.getItem(CHECKOUT_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeEmail(email: string): void {
  try {
    sessionStorage.setItem(CHECKOUT_EMAIL_KEY, email);
  } catch {
    // Not remembered: the buyer types it again on a reload.
  }
}

export function forgetEmail(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_EMAIL_KEY);
  } catch {
    // Nothing was stored.
  }
}

// The invoice details live beside the email, for as long: until the purchase succeeds.
const CHECKOUT_COMPANY_KEY = 'checkoutCompanyName';
const CHECKOUT_TAX_ID_KEY = 'checkoutTaxId';

export function readStoredBuyer(): BuyerDetails {
  try {
    return {
      companyName: sessionStorage.getItem(CHECKOUT_COMPANY_KEY) ?? '',
      taxId: sessionStorage.getItem(CHECKOUT_TAX_ID_KEY) ?? '',
    };
  } catch {
    return { companyName: '', taxId: '' };
  }
}

export function storeBuyer({ companyName, taxId }: BuyerDetails): void {
  try {
    for (const [key, value] of [
      [CHECKOUT_COMPANY_KEY, companyName.trim()],
      [CHECKOUT_TAX_ID_KEY, taxId.trim()],
    ] as const) {
      if (value) sessionStorage.setItem(key, value);
      else sessionStorage.removeItem(key);
    }
  } catch {
    // Not remembered: the buyer types them again on a reload.
  }
}

export function forgetBuyer(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_COMPANY_KEY);
    sessionStorage.removeItem(CHECKOUT_TAX_ID_KEY);
  } catch {
    // Nothing was stored.
  }
}
