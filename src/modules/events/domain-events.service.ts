import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { promptly } from '../../integrations/queue/add-job-promptly';
import { EVENT_LISTENERS, EVENTS_QUEUE, EventName, EventPayloads } from '../../integrations/events/events';

const RELAY_BATCH = 200;
/** Relayed events are kept this long, for staff asking what a publish or a payment set off. */
export const RELAYED_EVENTS_KEPT_DAYS = 90;

interface Unrelayed {
  id: string;
  name: string;
  payload: unknown;
}

/**
 * Business facts and their listeners (the transactional outbox): `raise` writes the event in the
 * caller's transaction, so it exists exactly when the change does; `relay`, after the commit, queues
 * one job per listener and marks the event relayed. A process that dies between the two leaves the
 * event unrelayed, and the worker's sweep relays it (job ids name event and listener: never twice).
 */
@Injectable()
export class DomainEvents {
  private readonly log = new Logger(DomainEvents.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    // Untyped on purpose: the relay moves payloads typed at `raise` from the table to the queue.
    @InjectQueue(EVENTS_QUEUE) private readonly queue: Queue,
  ) {}

  /** Records the event in the caller's transaction; call `relay` once it has committed. */
  async raise<E extends EventName>(db: EntityManager, name: E, payload: EventPayloads[E]): Promise<void> {
    await db.query(`INSERT INTO domain_events (name, payload) VALUES ($1, $2)`, [name, JSON.stringify(payload)]);
  }

  /**
   * Queues the listeners of the events not yet relayed. A caller's own work is done by then, so a
   * failure (Redis away) is logged and left to the sweep, not thrown at the caller.
   */
  async relay(): Promise<number> {
    try {
      return await this.relayPending();
    } catch (error) {
      this.log.warn(
        `Events not relayed yet (the sweep will): ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
  }

  /** The sweep's run: relays what is pending and lets go of events relayed long ago. */
  async sweep(): Promise<string> {
    const relayed = await this.relayPending();
    const [, removed] = await this.db.query<[unknown, number]>(
      `DELETE FROM domain_events WHERE relayed_at < now() - make_interval(days => $1)`,
      [RELAYED_EVENTS_KEPT_DAYS],
    );
    return `relayed ${relayed} events, removed ${removed} old ones`;
  }

  private async relayPending(): Promise<number> {
    let relayed = 0;
    for (;;) {
      const batch = await this.db.transaction(async (db) => {
        // SKIP LOCKED: the API's relay and the sweep share the rows without waiting on each other.
        const events = await db.query<Unrelayed[]>(
          `SELECT id, name, payload FROM domain_events WHERE relayed_at IS NULL
           ORDER BY raised_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [RELAY_BATCH],
        );
        if (events.length === 0) return 0;
        await this.queueListeners(events);
        await db.query(`UPDATE domain_events SET relayed_at = now() WHERE id = ANY($1::uuid[])`, [
          events.map((event) => event.id),
        ]);
        return events.length;
      });
      relayed += batch;
      if (batch < RELAY_BATCH) return relayed;
    }
  }

  private async queueListeners(events: Unrelayed[]): Promise<void> {
    const jobs = events.flatMap(({ id, name, payload }) =>
      listenersOf(name).map((listener) => ({
        name: `${name}:${listener}`,
        data: payload,
        opts: { jobId: `${name}-${listener}-${id}` },
      })),
    );
    if (jobs.length > 0) await promptly(this.queue.addBulk(jobs), EVENTS_QUEUE);
  }
}

const isEventName = (name: string): name is EventName => Object.hasOwn(EVENT_LISTENERS, name);

function listenersOf(name: string): readonly string[] {
  // An event that another version of the store raised and this one has no listeners for.
  return isEventName(name) ? EVENT_LISTENERS[name] : [];
}
