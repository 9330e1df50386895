import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';

export interface WebhookEndpoint {
  id: string;
  userId: string;
  url: string;
  description: string;
  events: string[];
  subscriptionIds: string[] | null;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
}

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  firstAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** A delivery with what its attempt needs: the endpoint and the event. */
export interface DueDelivery extends WebhookDelivery {
  endpoint: WebhookEndpoint;
  event: { id: string; type: string; data: unknown; createdAt: Date };
}

/** What one attempt came to, as the delivery log keeps it. */
export interface AttemptRecord {
  status: number | null;
  error: string | null;
  latencyMs: number;
  answer: string;
}

const ENDPOINT_COLUMNS = `e.id, e.user_id AS "userId", e.url, e.description, e.events, e.subscription_ids AS "subscriptionIds",
  e.secret_sealed AS "secretSealed", e.previous_secret_sealed AS "previousSecretSealed",
  e.previous_secret_until AS "previousSecretUntil", e.disabled_at AS "disabledAt",
  e.disabled_reason AS "disabledReason", e.created_at AS "createdAt"`;

const DELIVERY_COLUMNS = `d.id, d.endpoint_id AS "endpointId", d.event_id AS "eventId", v.type AS "eventType", d.state,
  d.attempts, d.first_attempt_at AS "firstAttemptAt", d.last_attempt_at AS "lastAttemptAt",
  d.last_status AS "lastStatus", d.last_error AS "lastError", d.last_latency_ms AS "lastLatencyMs",
  d.next_attempt_at AS "nextAttemptAt", d.delivered_at AS "deliveredAt", d.created_at AS "createdAt"`;

/** The delivery log keeps the start of an answer, enough to see what a receiver said. */
const ANSWER_KEPT = 1_000;

const eventId = () => `evt_${randomBytes(18).toString('base64url')}`;

/** Endpoints, events and deliveries (webhook_endpoints, webhook_events, webhook_deliveries). */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async countEndpoints(userId: string): Promise<number> {
    const [{ n }] = await this.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM webhook_endpoints WHERE user_id = $1`,
      [userId],
    );
    return n;
  }

  async createEndpoint(
    endpoint: Pick<WebhookEndpoint, 'userId' | 'url' | 'description' | 'events' | 'subscriptionIds' | 'secretSealed'>,
  ): Promise<WebhookEndpoint> {
    const [row] = await this.db.query<WebhookEndpoint[]>(
      `INSERT INTO webhook_endpoints AS e (user_id, url, description, events, subscription_ids, secret_sealed)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ENDPOINT_COLUMNS}`,
      [
        endpoint.userId,
        endpoint.url,
        endpoint.description,
        endpoint.events,
        endpoint.subscriptionIds,
        endpoint.secretSealed,
      ],
    );
    return row;
  }

  endpointsOf(userId: string): Promise<WebhookEndpoint[]> {
    return this.db.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.user_id = $1 ORDER BY e.created_at DESC, e.id`,
      [userId],
    );
  }

  async endpointOf(userId: string, id: string): Promise<WebhookEndpoint | null> {
    const [row] = await this.db.query<WebhookEndpoint[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.user_id = $1 AND e.id = $2`,
      [userId, id],
    );
    return row ?? null;
  }

  /** Deletes an endpoint with its delivery log; false when the customer has no such endpoint. */
  async deleteEndpoint(userId: string, id: string): Promise<boolean> {
    const [, deleted] = await this.db.query<[unknown, number]>(
      `DELETE FROM webhook_endpoints WHERE user_id = $1 AND id = $2`,
      [userId, id],
    );
    return deleted === 1;
  }

  /** A new secret; the one it replaces keeps signing until `overlapUntil` (none when null). */
  async rollSecret(
    userId: string,
    id: string,
    sealed: string,
    overlapUntil: Date | null,
  ): Promise<WebhookEndpoint | null> {
    // An UPDATE answers [rows, count].
    const [[row]] = await this.db.query<[WebhookEndpoint[], number]>(
      `UPDATE webhook_endpoints e SET
         previous_secret_sealed = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE e.secret_sealed END,
         previous_secret_until = $4, secret_sealed = $3
       WHERE e.user_id = $1 AND e.id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
      [userId, id, sealed, overlapUntil],
    );
    return row ?? null;
  }

  async setDisabled(id: string, reason: string | null): Promise<WebhookEndpoint | null> {
    const [[row]] = await this.db.query<[WebhookEndpoint[], number]>(
      `UPDATE webhook_endpoints e SET disabled_at = CASE WHEN $2::text IS NULL THEN NULL ELSE coalesce(e.disabled_at, now()) END,
         disabled_reason = $2
       WHERE e.id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
      [id, reason],
    );
    return row ?? null;
  }

  /** The enabled endpoints that take an event type, of these customers or of everyone. */
  liveEndpointsFor(type: string, userIds: string[] | null = null): Promise<WebhookEndpoint[]> {
    return this.db.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e
       WHERE e.disabled_at IS NULL AND $1 = ANY(e.events) AND ($2::uuid[] IS NULL OR e.user_id = ANY($2::uuid[]))
       ORDER BY e.user_id, e.created_at`,
      [type, userIds],
    );
  }

  /**
   * Raises an event for a customer with its deliveries, in one transaction: once per dedupe key (a
   * repeat answers the first's id and creates nothing). Answers the event and its deliveries not yet
   * attempted, for the caller to queue.
   */
  async raise(
    userId: string,
    type: string,
    dedupeKey: string,
    data: unknown,
    endpointIds: string[],
  ): Promise<{ eventId: string; deliveryIds: string[] }> {
    return this.db.transaction(async (db) => {
      const [created] = await db.query<{ id: string }[]>(
        `INSERT INTO webhook_events (id, user_id, type, dedupe_key, data) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id`,
        [eventId(), userId, type, dedupeKey, JSON.stringify(data)],
      );
      const id =
        created?.id ??
        (
          await db.query<{ id: string }[]>(`SELECT id FROM webhook_events WHERE user_id = $1 AND dedupe_key = $2`, [
            userId,
            dedupeKey,
          ])
        )[0].id;
      if (created) await this.addDeliveries(db, id, endpointIds);
      const pending = await db.query<{ id: string }[]>(
        `SELECT id FROM webhook_deliveries WHERE event_id = $1 AND state = 'pending' AND attempts = 0`,
        [id],
      );
      return { eventId: id, deliveryIds: pending.map((row) => row.id) };
    });
  }

  private async addDeliveries(db: EntityManager, eventId: string, endpointIds: string[]): Promise<void> {
    await db.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id) SELECT unnest($2::uuid[]), $1 ON CONFLICT DO NOTHING`,
      [eventId, endpointIds],
    );
  }

  async due(deliveryId: string): Promise<DueDelivery | null> {
    const [row] = await this.db.query<(WebhookDelivery & { data: unknown; eventCreatedAt: Date })[]>(
      `SELECT ${DELIVERY_COLUMNS}, v.data, v.created_at AS "eventCreatedAt"
       FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id WHERE d.id = $1`,
      [deliveryId],
    );
    if (!row) return null;
    const [endpoint] = await this.db.query<WebhookEndpoint[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = $1`,
      [row.endpointId],
    );
    if (!endpoint) return null;
    const { data, eventCreatedAt, ...delivery } = row;
    return {
      ...delivery,
      endpoint,
      event: { id: delivery.eventId, type: delivery.eventType, data, createdAt: eventCreatedAt },
    };
  }

  /** Records an attempt; `next` is when to try again (null: the delivery is over, delivered or failed). */
  async recordAttempt(
    deliveryId: string,
    attempt: AttemptRecord,
    outcome: { state: 'delivered' | 'failed' } | { state: 'pending'; next: Date },
  ): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, first_attempt_at = coalesce(first_attempt_at, now()),
         last_attempt_at = now(), last_status = $2, last_error = $3, last_latency_ms = $4, last_answer = $5,
         state = $6::varchar, next_attempt_at = coalesce($7, next_attempt_at),
         delivered_at = CASE WHEN $6::varchar = 'delivered' THEN now() ELSE delivered_at END
       WHERE id = $1`,
      [
        deliveryId,
        attempt.status,
        attempt.error,
        attempt.latencyMs,
        attempt.answer.slice(0, ANSWER_KEPT),
        outcome.state,
        outcome.state === 'pending' ? outcome.next : null,
      ],
    );
  }

  /** Ends a pending delivery without an attempt (its endpoint was disabled or deleted meanwhile). */
  async abandon(deliveryId: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET state = 'failed', last_error = $2 WHERE id = $1 AND state = 'pending'`,
      [deliveryId, reason],
    );
  }

  /** An endpoint's deliveries, newest first. */
  deliveriesOf(endpointId: string, limit: number): Promise<WebhookDelivery[]> {
    return this.db.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id
       WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2`,
      [endpointId, limit],
    );
  }

  /** Sends a delivery of this endpoint again from now (a fresh three days of retries); null when there is none. */
  async resend(endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const [row] = await this.db.query<WebhookDelivery[]>(
      `WITH updated AS (
         UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = now(), first_attempt_at = NULL
         WHERE id = $2 AND endpoint_id = $1 AND state <> 'pending' RETURNING *)
       SELECT ${DELIVERY_COLUMNS} FROM updated d JOIN webhook_events v ON v.id = d.event_id`,
      [endpointId, deliveryId],
    );
    return row ?? null;
  }

  /** Pending deliveries past their time by more than `lateMs`: those whose job may have been lost. */
  async overdue(lateMs: number, limit: number): Promise<{ id: string; attempts: number }[]> {
    return this.db.query(
      `SELECT id, attempts FROM webhook_deliveries
       WHERE state = 'pending' AND next_attempt_at < now() - make_interval(secs => $1) ORDER BY next_attempt_at LIMIT $2`,
      [lateMs / 1000, limit],
    );
  }

  /** Deletes events (and so their deliveries) older than the log keeps. */
  async prune(days: number): Promise<number> {
    const [, removed] = await this.db.query<[unknown, number]>(
      `DELETE FROM webhook_events WHERE created_at < now() - make_interval(days => $1)
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id AND d.state = 'pending')`,
      [days],
    );
    return removed;
  }
}
