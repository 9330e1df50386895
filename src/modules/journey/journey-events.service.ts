import { BeforeApplicationShutdown, HttpException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';
import type { JourneyEventDto } from './dto/journey-event.dto';

// A person browsing fires a handful of events a minute; these bounds only stop floods.
const PER_VISITOR_PER_MINUTE = 120;
const PER_ADDRESS_PER_MINUTE = 1200;

interface Waiting {
  event: JourneyEventDto;
  settle: (error?: unknown) => void;
}

/**
 * Records journey events. Under load, one INSERT per event would spend the database's time on
 * round trips and commits, so events arriving while a write is in flight are written together in
 * the next one (a group commit). Each caller still hears back only once its own row is committed.
 */
@Injectable()
export class JourneyEventsService implements BeforeApplicationShutdown {
  private waiting: Waiting[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly limiter: RateLimiter,
  ) {}

  /** Throttles per visitor and per address (429), then stores the event. */
  async record(event: JourneyEventDto, address: string): Promise<void> {
    await this.throttle(event.visitorId, address);
    await new Promise<void>((resolve, reject) => {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on the database's own error
      this.waiting.push({ event, settle: (error) => (error ? reject(error) : resolve()) });
      this.writing ??= this.writeWaiting();
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.writing;
  }

  private async writeWaiting(): Promise<void> {
    // Let this turn's requests join the first batch.
    await new Promise(setImmediate);
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      const failure = await this.insert(batch);
      // One bad row must not fail its neighbours: retry them one by one to find whose it is.
      if (failure && batch.length > 1) for (const waiter of batch) waiter.settle(await this.insert([waiter]));
      else for (const waiter of batch) waiter.settle(failure);
    }
    this.writing = null;
  }

  /** Inserts the batch's events; answers the error, if any, instead of throwing it. */
  private async insert(batch: Waiting[]): Promise<unknown> {
    const events = batch.map((w) => w.event);
    try {
      await this.db.query(
        `INSERT INTO journey_events (visitor_id, event, metadata)
         SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::jsonb[])`,
        [
          events.map((e) => e.visitorId),
          events.map((e) => e.event),
          events.map((e) => JSON.stringify(e.metadata ?? {})),
        ],
      );
      return undefined;
    } catch (error) {
      return error ?? new Error('Journey event insert failed');
    }
  }

  private async throttle(visitorId: string, address: string): Promise<void> {
    try {
      await this.limiter.enforce(
        'Too many events; slow down',
        { key: ['journey', 'visitor', visitorId], max: PER_VISITOR_PER_MINUTE, windowSeconds: 60 },
        { key: ['journey', 'ip', address], max: PER_ADDRESS_PER_MINUTE, windowSeconds: 60 },
      );
    } catch (error) {
      // Analytics never blocks on Redis: without it, events are simply not throttled.
      if (error instanceof HttpException) throw error;
    }
  }
}
