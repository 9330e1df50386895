import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { StripeEvent } from './entities/stripe-event.entity';

/**
 * The Stripe events already handled, so that a redelivery is acknowledged and skipped. Every
 * webhook passes through here, so it speaks plain SQL: TypeORM's query builder costs several
 * times the query's own CPU.
 */
@Injectable()
export class StripeEventsRepository {
  constructor(@InjectRepository(StripeEvent) private readonly events: Repository<StripeEvent>) {}

  async isHandled(eventId: string): Promise<boolean> {
    const rows: unknown[] = await this.events.query(`SELECT 1 FROM stripe_events WHERE id = $1`, [eventId]);
    return rows.length > 0;
  }

  async markHandled(eventId: string, type: string): Promise<void> {
    await this.events.query(`INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
      eventId,
      type,
    ]);
  }
}
