export const MAIL_QUEUE = 'mail';

export const MailJob = {
  receipt: 'receipt',
} as const;

export interface ReceiptJobData {
  orderId: string;
}
