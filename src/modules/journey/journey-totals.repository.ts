import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface EventTotal {
  event: string;
  /** Distinct visitors who sent the event. */
  visitors: number;
  events: number;
}

/** The rollup's running totals (exact as of its last run): what the journey figures read, never the raw events. */
@Injectable()
export class JourneyTotalsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async read(): Promise<{ uniqueVisitors: number; byEvent: EventTotal[] }> {
    const [[rollup], byEvent] = await Promise.all([
      this.db.query<{ visitors: number }[]>(`SELECT unique_visitors::int AS visitors FROM journey_rollup WHERE id = 1`),
      this.db.query<EventTotal[]>(`SELECT event, visitors::int, events::int FROM journey_event_totals`),
    ]);
    return { uniqueVisitors: rollup?.visitors ?? 0, byEvent };
  }
}
