import { Injectable } from '@nestjs/common';
import { EVENTS_QUEUE, OrderPaid } from '../../integrations/events/events';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { RenewalEnrollmentService } from './renewal-enrollment.service';

/**
 * An order paid: each of its County Trackers gets its Stripe subscription for the renewals. Run
 * again, it enrolls only what is still unenrolled; Stripe refusing fails the job, which is retried.
 */
@Injectable()
export class OrderPaidListener {
  constructor(private readonly enrollment: RenewalEnrollmentService) {}

  @JobHandler(EVENTS_QUEUE, 'order.paid:renewal-enrollment')
  async enrollRenewals({ orderId }: OrderPaid): Promise<string> {
    return `${await this.enrollment.enrollOrder(orderId)} renewal(s) enrolled`;
  }
}
