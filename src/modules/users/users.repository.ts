import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { normalizeEmail } from '../../common/email';

@Injectable()
export class UsersRepository {
  /** The user with this email, created if there is none; safe under concurrent calls. */
  async findOrCreateByEmail(db: EntityManager, email: string): Promise<string> {
    const [row] = await db.query(
      `INSERT INTO users (email) VALUES ($1)
       ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
       RETURNING id`,
      [normalizeEmail(email)],
    );
    return row.id;
  }

  async stripeCustomerIdFor(db: EntityManager, email: string): Promise<string | null> {
    const [row] = await db.query(`SELECT stripe_customer_id FROM users WHERE email = $1`, [normalizeEmail(email)]);
    return row?.stripe_customer_id ?? null;
  }

  async rememberStripeCustomer(db: EntityManager, userId: string, customerId: string | null): Promise<void> {
    if (!customerId) return;
    await db.query(
      `UPDATE users SET stripe_customer_id = $2, updated_at = now() WHERE id = $1 AND stripe_customer_id IS NULL`,
      [userId, customerId],
    );
  }
}
