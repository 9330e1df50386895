import { Injectable } from '@nestjs/common';
import { addJobPromptly } from '../../integrations/queue/add-job-promptly';
import { InjectJobQueue, JobName, JobPayload, JobQueue } from '../../integrations/queue/jobs';
import {
  DisputeNoticeJobData,
  LAST_RECEIPT_SWEEP_DELAY_MS,
  MAIL_QUEUE,
  MailJob,
  OrderLinkJobData,
  RenewalFailedJobData,
  RenewalReceiptJobData,
  RenewalReminderJobData,
  SubscriptionExpiredJobData,
  TrackerDeliveryJobData,
  TrackerReleaseJobData,
  WebhookDisabledJobData,
} from './mail.constants';

/**
 * What the rest of the store does with mail: queue it; the worker renders and
 * sends. Each message's job id is deterministic, so queueing it twice queues it once.
 */
@Injectable()
export class MailQueue {
  constructor(@InjectJobQueue(MAIL_QUEUE) private readonly queue: JobQueue<typeof MAIL_QUEUE>) {}

  queueReceipt(orderId: string): Promise<void> {
    return this.add(MailJob.receipt, { orderId }, `receipt-${orderId}`);
  }

  /** One more copy of an order's receipt, asked for by staff: the same request again queues nothing more. */
  queueReceiptCopy(orderId: string, requestKey: string): Promise<void> {
    return this.add(MailJob.receipt, { orderId, resend: requestKey }, `receipt-${orderId}-resend-${requestKey}`);
  }

  queueTrackerDelivery(data: TrackerDeliveryJobData): Promise<void> {
    return this.add(MailJob.trackerDelivery, data, `tracker-delivery-${data.subscriptionId}-${data.month}`);
  }

  /**
   * One more copy of a County Tracker email staff asked for (the monthly one or a release's news):
   * the same request again queues nothing more.
   */
  queueTrackerCopy(
    email: { subscriptionId: string; month: string } | { subscriptionId: string; datasetId: string },
    requestKey: string,
  ): Promise<void> {
    return 'month' in email
      ? this.add(
          MailJob.trackerDelivery,
          { ...email, resend: requestKey },
          `tracker-delivery-${email.subscriptionId}-${email.month}-resend-${requestKey}`,
        )
      : this.add(
          MailJob.trackerRelease,
          { ...email, resend: requestKey },
          `tracker-release-${email.subscriptionId}-${email.datasetId}-resend-${requestKey}`,
        );
  }

  /** One per subscription and release: the file names both. */
  queueTrackerRelease(data: TrackerReleaseJobData): Promise<void> {
    return this.add(MailJob.trackerRelease, data, `tracker-release-${data.subscriptionId}-${data.datasetId}`);
  }

  queueRenewalReminder(data: RenewalReminderJobData): Promise<void> {
    return this.add(
      MailJob.renewalReminder,
      data,
      `renewal-reminder-${data.subscriptionId}-${data.expiresAt.slice(0, 10)}`,
    );
  }

  queueExpiryNotice(data: SubscriptionExpiredJobData): Promise<void> {
    return this.add(
      MailJob.subscriptionExpired,
      data,
      `subscription-expired-${data.subscriptionId}-${data.expiresAt.slice(0, 10)}`,
    );
  }

  queueRenewalReceipt(data: RenewalReceiptJobData): Promise<void> {
    return this.add(MailJob.renewalReceipt, data, `renewal-receipt-${data.invoiceId}`);
  }

  queueOrderLink(data: OrderLinkJobData): Promise<void> {
    return this.add(MailJob.orderLink, data, `order-link-${data.orderId}-${Date.parse(data.rotatedAt)}`);
  }

  queueRenewalFailure(data: RenewalFailedJobData): Promise<void> {
    return this.add(MailJob.renewalFailed, data, `renewal-failed-${data.invoiceId}-${data.attempt}`);
  }

  queueDisputeNotice(data: DisputeNoticeJobData): Promise<void> {
    return this.add(MailJob.disputeNotice, data, `dispute-${data.stripeDisputeId}-${data.status}`);
  }

  queueWebhookDisabled(data: WebhookDisabledJobData): Promise<void> {
    return this.add(
      MailJob.webhookDisabled,
      data,
      `webhook-disabled-${data.endpointId}-${Date.parse(data.disabledAt)}`,
    );
  }

  /**
   * Ends the receipt sweep's schedule (an older worker's) and runs the sweep once more, for receipts
   * an older API could not queue: one run, however many workers start at once.
   */
  async retireReceiptSweep(): Promise<void> {
    await this.queue.removeJobScheduler(MailJob.receiptSweep);
    await this.queue.add(
      MailJob.receiptSweep,
      {},
      { jobId: 'receipt-sweep-last', delay: LAST_RECEIPT_SWEEP_DELAY_MS, removeOnComplete: true, removeOnFail: true },
    );
  }

  private add<N extends JobName<typeof MAIL_QUEUE>>(
    name: N,
    data: JobPayload<typeof MAIL_QUEUE, N>,
    jobId: string,
  ): Promise<void> {
    return addJobPromptly(this.queue, name, data, { jobId });
  }
}
