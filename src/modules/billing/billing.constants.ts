export const BILLING_QUEUE = 'billing';

export const BillingJob = {
  /**
   * Gives a paid order's County Trackers their Stripe subscriptions (renewals from the end of the
   * first year). Queued by older APIs only: enrollment now follows the order.paid event.
   */
  enrollOrder: 'enroll-order',
  /**
   * Enrolls County Trackers whose enrollment did not happen (Stripe refused past the listener's
   * retries, an order paid by a version before order.paid), and ends renewals left running by
   * subscriptions that ended here.
   */
  enrollmentSweep: 'enrollment-sweep',
  /** Formerly this queue's; moved to the stripe-events queue. A job queued by an older worker is let go. */
  formerReconcile: 'stripe-reconciliation',
  /** Issues the invoice of every payment recorded without one (by a version that wrote no invoices). */
  invoiceSweep: 'invoice-sweep',
} as const;

export const ENROLLMENT_SWEEP_EVERY_MS = 15 * 60_000;
export const INVOICE_SWEEP_EVERY_MS = 15 * 60_000;

export interface EnrollOrderJobData {
  orderId: string;
}
