export const MAIL_QUEUE = 'mail';

export const MailJob = {
  receipt: 'receipt',
  /** Queues the receipts of paid orders whose receipt could not be queued at payment (Redis was down). */
  receiptSweep: 'receipt-sweep',
} as const;

export const RECEIPT_SWEEP_EVERY_MS = 5 * 60_000;

export interface ReceiptJobData {
  orderId: string;
}
