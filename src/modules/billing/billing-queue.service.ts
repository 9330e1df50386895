import { Injectable } from '@nestjs/common';
import { addJobPromptly } from '../../integrations/queue/add-job-promptly';
import { InjectJobQueue, JobQueue } from '../../integrations/queue/jobs';
import { BILLING_QUEUE, BillingJob, EnrollOrderJobData } from './billing.constants';

/** What the API does about renewals: queue the enrollment; the worker talks to Stripe. */
@Injectable()
export class BillingQueue {
  constructor(@InjectJobQueue(BILLING_QUEUE) private readonly queue: JobQueue<typeof BILLING_QUEUE>) {}

  queueEnrollment(orderId: string): Promise<void> {
    const data: EnrollOrderJobData = { orderId };
    return addJobPromptly(this.queue, BillingJob.enrollOrder, data, { jobId: `enroll-${orderId}` });
  }
}
