import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** A token as its owner sees it: never its secret or hash. */
export interface ApiTokenRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** What a presented token's hash finds. */
export interface PresentedToken {
  id: string;
  userId: string;
  revoked: boolean;
  /** Whether its last use was recorded over a minute ago (or never): the use should be recorded now. */
  useIsStale: boolean;
}

const COLUMNS = `id, name, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

/** Last use is written at most this often per token, so a script's every call is not a write. */
const USE_RECORDED_EVERY = `interval '1 minute'`;

@Injectable()
export class ApiTokensRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs work in a transaction that holds the customer's token lock (creations of one customer take turns). */
  async forCustomer<T>(userId: string, work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext('api_tokens'), hashtext($1))`, [userId]);
      return work(db);
    });
  }

  /** The customer's live tokens, newest first. */
  async listLive(userId: string, db: EntityManager = this.db.manager): Promise<ApiTokenRow[]> {
    return db.query(
      `SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
      [userId],
    );
  }

  async insert(
    db: EntityManager,
    token: { userId: string; name: string; tokenHash: string; prefix: string },
  ): Promise<ApiTokenRow> {
    const [row]: ApiTokenRow[] = await db.query(
      `INSERT INTO api_tokens (user_id, name, token_hash, prefix) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [token.userId, token.name, token.tokenHash, token.prefix],
    );
    return row;
  }

  /** Revokes one of the customer's live tokens; null when they have no such live token. */
  async revoke(userId: string, id: string): Promise<ApiTokenRow | null> {
    const [rows]: [ApiTokenRow[], number] = await this.db.query(
      `UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  async findByHash(tokenHash: string): Promise<PresentedToken | null> {
    const [row]: PresentedToken[] = await this.db.query(
      `SELECT id, user_id AS "userId", revoked_at IS NOT NULL AS revoked,
              (last_used_at IS NULL OR last_used_at < now() - ${USE_RECORDED_EVERY}) AS "useIsStale"
       FROM api_tokens WHERE token_hash = $1`,
      [tokenHash],
    );
    return row ?? null;
  }

  /** Records a use, unless another request recorded one within the minute (the condition makes racing requests write once). */
  async recordUse(id: string): Promise<void> {
    await this.db.query(
      `UPDATE api_tokens SET last_used_at = now()
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - ${USE_RECORDED_EVERY})`,
      [id],
    );
  }
}
