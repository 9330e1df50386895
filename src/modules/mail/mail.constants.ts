export const MAIL_QUEUE = 'mail';

export const MailJob = {
  receipt: 'receipt',
  /**
   * Queues the receipts of paid orders whose receipt was never queued. No longer scheduled: receipts
   * follow the order.paid event, which loses none; each worker's start runs it once, for what an
   * older API could not queue (Redis was down).
   */
  receiptSweep: 'receipt-sweep',
  trackerDelivery: 'tracker-delivery',
  /** A County Tracker told of its county's new release at its publication. */
  trackerRelease: 'tracker-release',
  renewalReminder: 'renewal-reminder',
  subscriptionExpired: 'subscription-expired',
  renewalReceipt: 'renewal-receipt',
  renewalFailed: 'renewal-failed',
  orderLink: 'order-link',
  disputeNotice: 'dispute-notice',
  /** A customer's webhook endpoint was disabled after three days of failed deliveries. */
  webhookDisabled: 'webhook-disabled',
} as const;

export type MailJobName = (typeof MailJob)[keyof typeof MailJob];

/**
 * The mail queue's jobs that each send one message, rendered by its registered template (every job
 * of the queue but its sweep). The worker refuses to start unless each has exactly one template.
 */
export const MAIL_MESSAGES = [
  MailJob.receipt,
  MailJob.trackerDelivery,
  MailJob.trackerRelease,
  MailJob.renewalReminder,
  MailJob.subscriptionExpired,
  MailJob.renewalReceipt,
  MailJob.renewalFailed,
  MailJob.orderLink,
  MailJob.disputeNotice,
  MailJob.webhookDisabled,
] as const;

export type MailMessage = (typeof MAIL_MESSAGES)[number];

/** Past the older APIs' last payments in a rolling deploy (APIs first), and the sweep's minute of grace. */
export const LAST_RECEIPT_SWEEP_DELAY_MS = 2 * 60_000;

export interface ReceiptJobData {
  orderId: string;
  /** A copy staff asked for: its request's key makes it a message of its own, sent once however often asked. */
  resend?: string;
}

export interface TrackerDeliveryJobData {
  subscriptionId: string;
  /** The delivery's month, YYYY-MM. */
  month: string;
  /** A copy staff asked for: its request's key makes it a message of its own, sent once however often asked. */
  resend?: string;
}

export interface TrackerReleaseJobData {
  subscriptionId: string;
  /** The county's full file of the release. */
  datasetId: string;
  /** A copy staff asked for, as for the monthly email. */
  resend?: string;
}

export interface RenewalReminderJobData {
  subscriptionId: string;
  /** The expiration the reminder is about (ISO); a subscription renewed since is not reminded again. */
  expiresAt: string;
}

export interface SubscriptionExpiredJobData {
  subscriptionId: string;
  /** The expiration that passed (ISO). */
  expiresAt: string;
}

export interface WebhookDisabledJobData {
  endpointId: string;
  /** When it was disabled (ISO): an endpoint enabled and disabled again is told again. */
  disabledAt: string;
}

export interface RenewalReceiptJobData {
  subscriptionId: string;
  invoiceId: string;
}

export interface RenewalFailedJobData {
  subscriptionId: string;
  invoiceId: string;
  amountCents: number;
  attempt: number;
  /** Stripe's page where the customer can pay the invoice with another card. */
  payUrl: string | null;
}

export interface OrderLinkJobData {
  orderId: string;
  /** When staff replaced the order's links (ISO): each replacement sends its own email. */
  rotatedAt: string;
}

/** Staff are told when a buyer disputes a payment, and how the dispute ended. */
export interface DisputeNoticeJobData {
  stripeDisputeId: string;
  status: 'open' | 'won' | 'lost';
  amountCents: number;
  currency: string;
  reason: string;
  /** The order whose checkout payment is disputed, or else the subscription whose renewal is. */
  orderId: string | null;
  subscriptionId: string | null;
  /** When Stripe needs the evidence by (ISO), while the dispute is open. */
  evidenceDueBy: string | null;
}

/**
 * Thrown by a template whose facts are not visible yet: its job was queued inside the transaction
 * that writes them, and the worker took it before the commit. BullMQ retries it with backoff.
 */
export class MailFactsPendingError extends Error {
  constructor(what: string) {
    super(`${what} is not committed yet`);
    this.name = 'MailFactsPendingError';
  }
}
