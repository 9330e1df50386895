import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { OrdersRepository } from '../orders';
import { MAIL_QUEUE, MailJob, MailTemplate, MailQueue, MailSender } from '../mail';
import { OrderLinkMail } from './templates/order-link.mail';
import { DisputeNoticeMail } from './templates/dispute-notice.mail';
import { ReceiptMail } from './templates/receipt.mail';
import { RenewalFailedMail } from './templates/renewal-failed.mail';
import { RenewalReceiptMail } from './templates/renewal-receipt.mail';
import { RenewalReminderMail } from './templates/renewal-reminder.mail';
import { SubscriptionExpiredMail } from './templates/subscription-expired.mail';
import { TrackerDeliveryMail } from './templates/tracker-delivery.mail';
import { TrackerReleaseMail } from './templates/tracker-release.mail';

// A worker that dies mid-job loses its lock after lockDuration; checking for such stalled jobs every
// 5 s (not BullMQ's 30 s) resumes their mail about half a minute after the crash, not a minute or more.
@Processor(MAIL_QUEUE, { lockDuration: 30_000, stalledInterval: 5_000 })
export class MailProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly templates: Record<string, MailTemplate<never>>;

  constructor(
    private readonly sender: MailSender,
    receipts: ReceiptMail,
    trackerDeliveries: TrackerDeliveryMail,
    trackerReleases: TrackerReleaseMail,
    renewalReminders: RenewalReminderMail,
    expiries: SubscriptionExpiredMail,
    renewalReceipts: RenewalReceiptMail,
    renewalFailures: RenewalFailedMail,
    orderLinks: OrderLinkMail,
    disputeNotices: DisputeNoticeMail,
    private readonly orders: OrdersRepository,
    private readonly mail: MailQueue,
  ) {
    super();
    this.templates = {
      [MailJob.receipt]: receipts,
      [MailJob.trackerDelivery]: trackerDeliveries,
      [MailJob.trackerRelease]: trackerReleases,
      [MailJob.renewalReminder]: renewalReminders,
      [MailJob.subscriptionExpired]: expiries,
      [MailJob.renewalReceipt]: renewalReceipts,
      [MailJob.renewalFailed]: renewalFailures,
      [MailJob.orderLink]: orderLinks,
      [MailJob.disputeNotice]: disputeNotices,
    };
  }

  onApplicationBootstrap(): Promise<void> {
    return this.mail.scheduleReceiptSweep();
  }

  async process(job: Job): Promise<string> {
    if (job.name === MailJob.receiptSweep) return this.queueMissingReceipts();
    const template = this.templates[job.name];
    if (!template) throw new Error(`Unknown mail job ${job.name}`);
    return this.sender.sendOnce(await template.build(job.data as never), job.id!, job.name);
  }

  /** The job id of a receipt is its order's, so an order queued twice still gets one receipt. */
  async queueMissingReceipts(): Promise<string> {
    const orders = await this.orders.withoutQueuedReceipt();
    for (const orderId of orders) {
      await this.mail.queueReceipt(orderId);
      await this.orders.markReceiptQueued(orderId);
    }
    return `${orders.length} receipt(s) queued`;
  }
}
