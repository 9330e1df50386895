import { Injectable } from '@nestjs/common';
import { EmailDeliveriesRepository, SentEmail } from './email-deliveries.repository';

/** What the store has sent a customer, newest first: for staff helping them. */
@Injectable()
export class SentEmails {
  constructor(private readonly deliveries: EmailDeliveriesRepository) {}

  to(recipient: string, limit?: number): Promise<SentEmail[]> {
    return this.deliveries.sentTo(recipient, limit);
  }
}
