import { randomUUID } from 'node:crypto';
import { JourneyRollupService } from '../../../src/modules/journey/journey-rollup.service';
import { useTestApp } from '../../support/test-app';

describe('The journey rollup', () => {
  const context = useTestApp();
  const rollup = () => context.store.app.get(JourneyRollupService);

  async function addEvents(count: number, visitors: string[]): Promise<void> {
    const events = ['landing_view', 'counties_view', 'cart_add', 'checkout_view', 'email_entered', 'payment_success'];
    await context.store.db.query(
      `INSERT INTO journey_events (visitor_id, event, occurred_at)
       SELECT ($1::uuid[])[1 + (i * 7919) % array_length($1::uuid[], 1)], ($2::text[])[1 + (i * 31) % 6], now() - interval '1 minute'
       FROM generate_series(1, $3) AS i`,
      [visitors, events, count],
    );
  }

  async function rawFigures() {
    const perEvent = await context.store.db.query(
      `SELECT event, count(DISTINCT visitor_id)::int AS visitors, count(*)::int AS events FROM journey_events GROUP BY event ORDER BY event`,
    );
    const [{ n }] = await context.store.db.query(`SELECT count(DISTINCT visitor_id)::int AS n FROM journey_events`);
    return { perEvent, uniqueVisitors: n };
  }

  async function rolledUp() {
    const perEvent = await context.store.db.query(
      `SELECT event, visitors::int, events::int FROM journey_event_totals WHERE events > 0 ORDER BY event`,
    );
    const [{ n }] = await context.store.db.query(`SELECT unique_visitors::int AS n FROM journey_rollup`);
    return { perEvent, uniqueVisitors: n };
  }

  it('matches the raw distinct counts exactly, across runs and repeated visitors', async () => {
    const visitors = Array.from({ length: 300 }, () => randomUUID());
    await addEvents(2000, visitors);
    expect(await rollup().catchUp(0)).toBe(2000);
    // More events from the same and from new visitors.
    await addEvents(1500, [...visitors.slice(0, 100), ...Array.from({ length: 50 }, () => randomUUID())]);
    await rollup().catchUp(0);
    expect(await rolledUp()).toEqual(await rawFigures());
  });

  it('counts every event once when runs race each other', async () => {
    await addEvents(
      3000,
      Array.from({ length: 500 }, () => randomUUID()),
    );
    const taken = await Promise.all([rollup().catchUp(0), rollup().catchUp(0), rollup().catchUp(0)]);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(3000);
    expect(await rolledUp()).toEqual(await rawFigures());
  });

  it('leaves events younger than the settle time for a later run', async () => {
    await context.store.db.query(`INSERT INTO journey_events (visitor_id, event) VALUES ($1, 'landing_view')`, [
      randomUUID(),
    ]);
    expect(await rollup().catchUp(60)).toBe(0);
    expect(await rollup().catchUp(0)).toBe(1);
  });
});
