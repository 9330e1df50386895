/** The mail module's public API: what other modules may use of it. */
export { EmailDeliveriesRepository } from './email-deliveries.repository';
export type { SentEmail } from './email-deliveries.repository';
export { MailQueue } from './mail-queue.service';
export { MailSenderModule } from './mail-sender.module';
export { MailSender } from './mail-sender.service';
export { MAIL_QUEUE, MailFactsPendingError, MailJob } from './mail.constants';
export type {
  DisputeNoticeJobData,
  MailTemplate,
  OrderLinkJobData,
  ReceiptJobData,
  RenewalFailedJobData,
  RenewalReceiptJobData,
  RenewalReminderJobData,
  SubscriptionExpiredJobData,
  TrackerDeliveryJobData,
  TrackerReleaseJobData,
} from './mail.constants';
export { MailModule } from './mail.module';
