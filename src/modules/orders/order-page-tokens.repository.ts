import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { authConfig } from '../../config';
import { DerivedOrderPageTokens } from './order-page-token';

/** The order id, a dot, and 43 base64url characters: the shape of stored and derived tokens alike. */
const TOKEN_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[\w-]{43}$/;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Order page tokens. Whoever holds one (the buyer, from an email) can see the order and download
 * what it bought. Each email mints its own random token, and only its hash is kept, so a leaked
 * database gives no working link and staff can revoke one order's links without touching any other.
 */
@Injectable()
export class OrderPageTokensRepository {
  private readonly derived: DerivedOrderPageTokens;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(authConfig.KEY) auth: ConfigType<typeof authConfig>,
  ) {
    this.derived = new DerivedOrderPageTokens(auth.sessionSecrets);
  }

  /** A new token for the order; one with an end (a staff link) stops opening the order then. */
  async mint(orderId: string, options: { db?: EntityManager; expiresAt?: Date } = {}): Promise<string> {
    const token = `${orderId}.${randomBytes(32).toString('base64url')}`;
    await (options.db ?? this.db).query(
      `INSERT INTO order_page_tokens (token_hash, order_id, expires_at) VALUES ($1, $2, $3)`,
      [sha256(token), orderId, options.expiresAt ?? null],
    );
    return token;
  }

  /** The order the token opens, or null: unknown, revoked, expired, or derived for an order whose links were rotated. */
  async orderIdOf(token: string): Promise<string | null> {
    const found = await this.lookup(token);
    return found && !found.expired ? found.orderId : null;
  }

  /**
   * The order a token names and whether it has passed its end; null for a token that opens nothing
   * (unknown, revoked, rotated). An expired link is told apart so its holder learns how to get a new one.
   */
  async lookup(token: string): Promise<{ orderId: string; expired: boolean } | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const [stored]: { orderId: string; revoked: boolean; expired: boolean }[] = await this.db.query(
      `SELECT order_id AS "orderId", revoked_at IS NOT NULL AS revoked, expires_at <= now() IS TRUE AS expired
         FROM order_page_tokens WHERE token_hash = $1`,
      [sha256(token)],
    );
    if (stored) return stored.revoked ? null : { orderId: stored.orderId, expired: stored.expired };
    const orderId = this.derived.orderIdOf(token);
    if (!orderId) return null;
    const open: unknown[] = await this.db.query(
      `SELECT 1 FROM orders WHERE id = $1 AND page_links_rotated_at IS NULL`,
      [orderId],
    );
    return open.length > 0 ? { orderId, expired: false } : null;
  }

  /** Ends every link the order has had, those of old receipts included. When, or null for no such order. */
  revokeAll(orderId: string): Promise<Date | null> {
    return this.db.transaction(async (db) => {
      const [[order]]: [{ rotatedAt: Date }[], number] = await db.query(
        `UPDATE orders SET page_links_rotated_at = now(), updated_at = now() WHERE id = $1
         RETURNING page_links_rotated_at AS "rotatedAt"`,
        [orderId],
      );
      if (!order) return null;
      await db.query(`UPDATE order_page_tokens SET revoked_at = now() WHERE order_id = $1 AND revoked_at IS NULL`, [
        orderId,
      ]);
      return order.rotatedAt;
    });
  }
}
