import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { InvoicesRepository } from '../invoices';
import {
  BILLING_QUEUE,
  BillingJob,
  ENROLLMENT_SWEEP_EVERY_MS,
  EnrollOrderJobData,
  INVOICE_SWEEP_EVERY_MS,
} from './billing.constants';
import { RenewalEnrollmentService } from './renewal-enrollment.service';

@Processor(BILLING_QUEUE)
export class BillingProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(BILLING_QUEUE) private readonly queue: Queue,
    private readonly enrollment: RenewalEnrollmentService,
    private readonly invoices: InvoicesRepository,
  ) {
    super();
  }

  /** One schedule each in Redis, however many workers ask for it. */
  async onApplicationBootstrap(): Promise<void> {
    const schedules = {
      [BillingJob.enrollmentSweep]: ENROLLMENT_SWEEP_EVERY_MS,
      [BillingJob.invoiceSweep]: INVOICE_SWEEP_EVERY_MS,
    };
    for (const [name, every] of Object.entries(schedules)) {
      await this.queue.upsertJobScheduler(
        name,
        { every },
        { name, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
    }
    // Reconciliation is scheduled on its own queue now; an older worker's schedule here would only repeat it.
    await this.queue.removeJobScheduler(BillingJob.formerReconcile);
  }

  async process(job: Job): Promise<string> {
    switch (job.name) {
      case BillingJob.enrollOrder:
        return `${await this.enrollment.enrollOrder((job.data as EnrollOrderJobData).orderId)} renewal(s) enrolled`;
      case BillingJob.enrollmentSweep:
        return `${await this.enrollment.enrollPending()} renewal(s) enrolled, ${await this.enrollment.endLapsed()} ended`;
      case BillingJob.formerReconcile:
        return 'Stripe reconciliation runs on the stripe-events queue';
      case BillingJob.invoiceSweep:
        return `${await this.invoices.issueMissing()} invoice(s) issued`;
      default:
        throw new Error(`Unknown billing job ${job.name}`);
    }
  }
}
