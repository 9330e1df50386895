import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import { OrdersRepository } from '../orders';
import {
  DisputeNoticeJobData,
  MAIL_QUEUE,
  MailJob,
  MailTemplate,
  MailQueue,
  MailSender,
  OrderLinkJobData,
  ReceiptJobData,
  RenewalFailedJobData,
  RenewalReceiptJobData,
  RenewalReminderJobData,
  SubscriptionExpiredJobData,
  TrackerDeliveryJobData,
  TrackerReleaseJobData,
} from '../mail';
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
  constructor(
    private readonly handlers: JobHandlers,
    private readonly sender: MailSender,
    private readonly receipts: ReceiptMail,
    private readonly trackerDeliveries: TrackerDeliveryMail,
    private readonly trackerReleases: TrackerReleaseMail,
    private readonly renewalReminders: RenewalReminderMail,
    private readonly expiries: SubscriptionExpiredMail,
    private readonly renewalReceipts: RenewalReceiptMail,
    private readonly renewalFailures: RenewalFailedMail,
    private readonly orderLinks: OrderLinkMail,
    private readonly disputeNotices: DisputeNoticeMail,
    private readonly orders: OrdersRepository,
    private readonly mail: MailQueue,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.mail.retireReceiptSweep();
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(MAIL_QUEUE, job);
  }

  /**
   * Receipts follow order.paid now; this catches those an older API left unqueued. The job id of a
   * receipt is its order's, so an order queued twice still gets one receipt.
   */
  @JobHandler(MAIL_QUEUE, MailJob.receiptSweep)
  async queueMissingReceipts(): Promise<string> {
    const orders = await this.orders.withoutQueuedReceipt();
    for (const orderId of orders) {
      await this.mail.queueReceipt(orderId);
      await this.orders.markReceiptQueued(orderId);
    }
    return `${orders.length} receipt(s) queued`;
  }

  @JobHandler(MAIL_QUEUE, MailJob.receipt)
  receipt(data: ReceiptJobData, job: Job): Promise<string> {
    return this.send(this.receipts, data, job);
  }

  @JobHandler(MAIL_QUEUE, MailJob.trackerDelivery)
  trackerDelivery(data: TrackerDeliveryJobData, job: Job): Promise<string> {
    return this.send(this.trackerDeliveries, data, job);
  }

  @JobHandler(MAIL_QUEUE, MailJob.trackerRelease)
  trackerRelease(data: TrackerReleaseJobData, job: Job): Promise<string> {
    return this.send(this.trackerReleases, data, job);
  }

  @JobHandler(MAIL_QUEUE, MailJob.renewalReminder)
  renewalReminder(data: RenewalReminderJobData, job: Job): Promise<string> {
    return this.send(this.renewalReminders, data, job);
  }

  @JobHandler(MAIL_QUEUE, MailJob.subscriptionExpired)
  subscriptionExpired(data: SubscriptionExpiredJobData, job: Job): Promise<string> {
    return this.send(this.expiries, data, job);
  }

  @JobHandler(MAIL_QUEUE, MailJob.renewalReceipt)
  renewalReceipt(data: RenewalReceiptJobData, job: Job): Promise<string> {
    return this.send(this.renewalReceipts, data, job);
  }

  @JobHandler(MAIL_QUEUE, MailJob.renewalFailed)
  renewalFailed(data: RenewalFailedJobData, job: Job): Promise<string> {
    return this.send(this.renewalFailures, data, job);
  }

  @JobHandler(MAIL_QUEUE, MailJob.orderLink)
  orderLink(data: OrderLinkJobData, job: Job): Promise<string> {
    return this.send(this.orderLinks, data, job);
  }

  @JobHandler(MAIL_QUEUE, MailJob.disputeNotice)
  disputeNotice(data: DisputeNoticeJobData, job: Job): Promise<string> {
    return this.send(this.disputeNotices, data, job);
  }

  /** Renders the job's message and sends it once: the job id claims it, so a retried job never sends twice. */
  private async send<Data>(template: MailTemplate<Data>, data: Data, job: Job): Promise<string> {
    return this.sender.sendOnce(await template.build(data), job.id!, job.name);
  }
}
