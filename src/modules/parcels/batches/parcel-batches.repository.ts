import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ParcelBatchRecord } from './entities/parcel-batch.entity';

export type ParcelBatch = ParcelBatchRecord;

const COLUMNS = `id, user_id AS "userId", status, fields, rows, processed, matched, input_bytes AS "inputBytes",
  input_key AS "inputKey", result_key AS "resultKey", result_bytes AS "resultBytes", error,
  created_at AS "createdAt", started_at AS "startedAt", finished_at AS "finishedAt", expires_at AS "expiresAt"`;

/** Customers' batches (parcel_batches): only ever read for their owner, and never once expired. */
@Injectable()
export class ParcelBatchesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * A batch whose CSV is about to be stored: the row comes first, so that a file is never without
   * one (should the API die while it streams in, the sweep finds the row and deletes both).
   */
  async receiving(batch: { id: string; userId: string; fields: string[]; inputKey: string; keptDays: number }) {
    await this.db.query(
      `INSERT INTO parcel_batches (id, user_id, status, fields, rows, input_bytes, input_key, expires_at)
       VALUES ($1, $2, 'receiving', $3, 0, 0, $4, now() + make_interval(days => $5))`,
      [batch.id, batch.userId, batch.fields, batch.inputKey, batch.keptDays],
    );
  }

  /** Its CSV stored and checked: the batch is queued. */
  async received(id: string, facts: { rows: number; inputBytes: number }): Promise<ParcelBatch> {
    const [[row]] = await this.db.query<[ParcelBatch[], number]>(
      `UPDATE parcel_batches SET status = 'queued', rows = $2, input_bytes = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, facts.rows, facts.inputBytes],
    );
    return row;
  }

  /** How many of the owner's batches are queued or running, how many are kept, and when the oldest kept one expires. */
  async countsOf(userId: string): Promise<{ active: number; kept: number; oldestExpiry: Date | null }> {
    const [row] = await this.db.query<{ active: number; kept: number; oldestExpiry: Date | null }[]>(
      `SELECT count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS active, count(*)::int AS kept,
         min(expires_at) AS "oldestExpiry"
       FROM parcel_batches WHERE user_id = $1 AND expires_at > now()`,
      [userId],
    );
    return row;
  }

  /** One of the owner's batches; null for anyone else's, an expired one, or none. */
  async ofOwner(userId: string, id: string): Promise<ParcelBatch | null> {
    const [row] = await this.db.query<ParcelBatch[]>(
      `SELECT ${COLUMNS} FROM parcel_batches
       WHERE id = $1 AND user_id = $2 AND expires_at > now() AND status <> 'receiving'`,
      [id, userId],
    );
    return row ?? null;
  }

  /** The owner's batches, newest first. */
  listOf(userId: string, limit: number): Promise<ParcelBatch[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM parcel_batches WHERE user_id = $1 AND expires_at > now() AND status <> 'receiving'
       ORDER BY created_at DESC, id LIMIT $2`,
      [userId, limit],
    );
  }

  async byId(id: string): Promise<ParcelBatch | null> {
    const [row] = await this.db.query<ParcelBatch[]>(`SELECT ${COLUMNS} FROM parcel_batches WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** A run begins (or begins again, on a retry): progress starts from nothing. */
  async start(id: string): Promise<void> {
    await this.db.query(
      `UPDATE parcel_batches SET status = 'running', processed = 0, matched = 0, error = NULL,
         started_at = now(), finished_at = NULL
       WHERE id = $1`,
      [id],
    );
  }

  async progress(id: string, processed: number, matched: number): Promise<void> {
    await this.db.query(`UPDATE parcel_batches SET processed = $2, matched = $3 WHERE id = $1`, [
      id,
      processed,
      matched,
    ]);
  }

  async finish(id: string, done: { processed: number; matched: number; resultKey: string; resultBytes: number }) {
    await this.db.query(
      `UPDATE parcel_batches SET status = 'done', processed = $2, matched = $3, result_key = $4, result_bytes = $5,
         error = NULL, finished_at = now()
       WHERE id = $1`,
      [id, done.processed, done.matched, done.resultKey, done.resultBytes],
    );
  }

  async fail(id: string, message: string): Promise<void> {
    await this.db.query(`UPDATE parcel_batches SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`, [
      id,
      message,
    ]);
  }

  /**
   * Batches past their expiry, and batches still receiving long after their upload began (the API
   * died while the CSV streamed in), a page at a time: the sweep deletes their files, then them.
   */
  expired(limit: number, receivingMinutes: number): Promise<Pick<ParcelBatch, 'id' | 'inputKey' | 'resultKey'>[]> {
    return this.db.query(
      `SELECT id, input_key AS "inputKey", result_key AS "resultKey" FROM parcel_batches
       WHERE expires_at <= now() OR (status = 'receiving' AND created_at < now() - make_interval(mins => $2))
       ORDER BY expires_at LIMIT $1`,
      [limit, receivingMinutes],
    );
  }

  async remove(ids: string[]): Promise<void> {
    await this.db.query(`DELETE FROM parcel_batches WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Batches queued or running that were made (queued) or started (running) more than `minutes` ago. */
  unfinishedSince(minutes: number): Promise<Pick<ParcelBatch, 'id' | 'status' | 'startedAt'>[]> {
    return this.db.query(
      `SELECT id, status, started_at AS "startedAt" FROM parcel_batches
       WHERE expires_at > now() AND (
         (status = 'queued' AND created_at < now() - make_interval(mins => $1))
         OR (status = 'running' AND started_at < now() - make_interval(mins => $1)))
       ORDER BY created_at`,
      [minutes],
    );
  }

  /** Marks failed a batch still queued or running (one finished meanwhile stays as it is). */
  async failUnfinished(id: string, message: string): Promise<boolean> {
    // An UPDATE answers its rows and their count.
    const [rows] = await this.db.query<[{ id: string }[], number]>(
      `UPDATE parcel_batches SET status = 'failed', error = $2, finished_at = now()
       WHERE id = $1 AND status IN ('queued', 'running') RETURNING id`,
      [id, message],
    );
    return rows.length > 0;
  }
}
