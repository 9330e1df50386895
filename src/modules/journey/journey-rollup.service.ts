import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Events are folded in once this old, so none is still being written below the watermark. */
export const SETTLE_SECONDS = 5;
const BATCH = 250_000;

/**
 * Folds new journey events into the totals, exactly once each. Runs in one
 * transaction holding the rollup row, so concurrent runs take turns. Event
 * ids are handed out before commit, so a late commit could land below an
 * advanced watermark: a run takes only the unbroken run of ids whose events
 * are older than the settle time, and stops at the first younger one.
 */
@Injectable()
export class JourneyRollupService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Folds in up to one batch; answers how many events it took. */
  async runOnce(settleSeconds = SETTLE_SECONDS): Promise<number> {
    return this.db.transaction(async (db) => {
      const [{ last_event_id: last }] = await db.query<{ last_event_id: string }[]>(
        `SELECT last_event_id FROM journey_rollup WHERE id = 1 FOR UPDATE`,
      );
      const [{ fresh }] = await db.query<{ fresh: string | null }[]>(
        `SELECT min(id) AS fresh FROM (
           SELECT id, occurred_at FROM journey_events WHERE id > $1 ORDER BY id LIMIT $2
         ) window_ WHERE occurred_at > now() - make_interval(secs => $3)`,
        [last, BATCH, settleSeconds],
      );
      const [[result]] = await db.query<[{ processed: number }[], number]>(
        `WITH batch AS (
           SELECT id, visitor_id, event FROM journey_events
           WHERE id > $1 AND ($2::bigint IS NULL OR id < $2) ORDER BY id LIMIT $3
         ),
         new_pairs AS (
           INSERT INTO journey_visitor_events (event, visitor_id) SELECT DISTINCT event, visitor_id FROM batch
           ON CONFLICT DO NOTHING RETURNING event
         ),
         new_visitors AS (
           INSERT INTO journey_visitors (visitor_id) SELECT DISTINCT visitor_id FROM batch
           ON CONFLICT DO NOTHING RETURNING 1
         ),
         totals AS (
           INSERT INTO journey_event_totals (event, events, visitors)
           SELECT e.event, e.n, COALESCE(p.n, 0)
           FROM (SELECT event, count(*) AS n FROM batch GROUP BY event) e
           LEFT JOIN (SELECT event, count(*) AS n FROM new_pairs GROUP BY event) p USING (event)
           ON CONFLICT (event) DO UPDATE SET events = journey_event_totals.events + EXCLUDED.events,
                                             visitors = journey_event_totals.visitors + EXCLUDED.visitors
           RETURNING 1
         )
         UPDATE journey_rollup SET
           last_event_id = COALESCE((SELECT max(id) FROM batch), last_event_id),
           unique_visitors = unique_visitors + (SELECT count(*) FROM new_visitors),
           updated_at = now()
         WHERE id = 1
         RETURNING (SELECT count(*) FROM batch)::int AS processed, (SELECT count(*) FROM totals) AS touched`,
        [last, fresh, BATCH],
      );
      return result.processed;
    });
  }

  /** Folds in everything that has settled. */
  async catchUp(settleSeconds = SETTLE_SECONDS): Promise<number> {
    let total = 0;
    for (;;) {
      const processed = await this.runOnce(settleSeconds);
      if (processed === 0) return total;
      total += processed;
    }
  }
}
