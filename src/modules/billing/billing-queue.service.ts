import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { addJobPromptly } from '../../integrations/queue/add-job-promptly';
import { BILLING_QUEUE, BillingJob, EnrollOrderJobData } from './billing.constants';

/** What the API does about renewals: queue the enrollment; the worker talks to Stripe. */
@Injectable()
export class BillingQueue {
  constructor(@InjectQueue(BILLING_QUEUE) private readonly queue: Queue) {}

  queueEnrollment(orderId: string): Promise<void> {
    const data: EnrollOrderJobData = { orderId };
    return addJobPromptly(this.queue, BillingJob.enrollOrder, data, { jobId: `enroll-${orderId}` });
  }
}
