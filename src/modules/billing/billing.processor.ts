import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import { InjectJobQueue, JobName, JobQueue } from '../../integrations/queue/jobs';
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
    private readonly handlers: JobHandlers,
    @InjectJobQueue(BILLING_QUEUE) private readonly queue: JobQueue<typeof BILLING_QUEUE>,
    private readonly enrollment: RenewalEnrollmentService,
    private readonly invoices: InvoicesRepository,
  ) {
    super();
  }

  /** One schedule each in Redis, however many workers ask for it. */
  async onApplicationBootstrap(): Promise<void> {
    const schedules: [JobName<typeof BILLING_QUEUE>, number][] = [
      [BillingJob.enrollmentSweep, ENROLLMENT_SWEEP_EVERY_MS],
      [BillingJob.invoiceSweep, INVOICE_SWEEP_EVERY_MS],
    ];
    for (const [name, every] of schedules) {
      await this.queue.upsertJobScheduler(
        name,
        { every },
        { name, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
    }
    // Reconciliation is scheduled on its own queue now; an older worker's schedule here would only repeat it.
    await this.queue.removeJobScheduler(BillingJob.formerReconcile);
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(BILLING_QUEUE, job);
  }

  /** Jobs an older API queued; enrollment follows order.paid now (order-paid.listener.ts). */
  @JobHandler(BILLING_QUEUE, BillingJob.enrollOrder)
  async enrollOrder({ orderId }: EnrollOrderJobData): Promise<string> {
    return `${await this.enrollment.enrollOrder(orderId)} renewal(s) enrolled`;
  }

  @JobHandler(BILLING_QUEUE, BillingJob.enrollmentSweep)
  async enrollmentSweep(): Promise<string> {
    return `${await this.enrollment.enrollPending()} renewal(s) enrolled, ${await this.enrollment.endLapsed()} ended`;
  }

  @JobHandler(BILLING_QUEUE, BillingJob.formerReconcile)
  formerReconcile(): Promise<string> {
    return Promise.resolve('Stripe reconciliation runs on the stripe-events queue');
  }

  @JobHandler(BILLING_QUEUE, BillingJob.invoiceSweep)
  async invoiceSweep(): Promise<string> {
    return `${await this.invoices.issueMissing()} invoice(s) issued`;
  }
}
