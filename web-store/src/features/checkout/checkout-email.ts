import { CHECKOUT_EMAIL_KEY } from '../../lib/cart';

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
