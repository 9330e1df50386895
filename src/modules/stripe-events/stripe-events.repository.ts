import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { StripeEvent } from './entities/stripe-event.entity';

/** The Stripe events already handled, so that a redelivery is acknowledged and skipped. */
@Injectable()
export class StripeEventsRepository {
  constructor(@InjectRepository(StripeEvent) private readonly events: Repository<StripeEvent>) {}

  isHandled(eventId: string): Promise<boolean> {
    return this.events.existsBy({ id: eventId });
  }

  async markHandled(eventId: string, type: string): Promise<void> {
    await this.events.createQueryBuilder().insert().values({ id: eventId, type }).orIgnore().execute();
  }
}
