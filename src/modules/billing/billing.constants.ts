export const BILLING_QUEUE = 'billing';

export const BillingJob = {
  /** Gives a paid order's County Trackers their Stripe subscriptions (renewals from the end of the first year). */
  enrollOrder: 'enroll-order',
  /**
   * Enrolls County Trackers whose enrollment never ran (Redis was down at
   * payment, Stripe refused a moment), and ends renewals left running by
   * subscriptions that ended here.
   */
  enrollmentSweep: 'enrollment-sweep',
  /** Fetches and handles Stripe events whose webhooks were missed. */
  reconcile: 'stripe-reconciliation',
  /** Issues the invoice of every payment recorded without one (by a version that wrote no invoices). */
  invoiceSweep: 'invoice-sweep',
} as const;

export const ENROLLMENT_SWEEP_EVERY_MS = 15 * 60_000;
export const RECONCILE_EVERY_MS = 10 * 60_000;
export const INVOICE_SWEEP_EVERY_MS = 15 * 60_000;
/** How far back reconciliation looks; handled events are skipped by id. */
export const RECONCILE_WINDOW_MS = 3 * 24 * 3600 * 1000;

export interface EnrollOrderJobData {
  orderId: string;
}
