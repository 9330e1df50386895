/** The mail module's public API: what other modules may use of it. */
export { SentEmails } from './sent-emails.service';
export type { SentEmail } from './email-deliveries.repository';
export { MailQueue } from './mail-queue.service';
export { MailTemplate } from './mail-template.decorator';
export type { MailTemplateOf, RenderedMail } from './mail-template.decorator';
export { MAIL_QUEUE, MailFactsPendingError, MailJob } from './mail.constants';
export type {
  DisputeNoticeJobData,
  MailMessage,
  OrderLinkJobData,
  ReceiptJobData,
  RenewalFailedJobData,
  RenewalReceiptJobData,
  RenewalReminderJobData,
  SubscriptionExpiredJobData,
  TrackerDeliveryJobData,
  TrackerReleaseJobData,
  WebhookDisabledJobData,
} from './mail.constants';
export { MailModule } from './mail.module';
export { MailWorkerModule } from './mail-worker.module';
