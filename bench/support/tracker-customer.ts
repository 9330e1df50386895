import { randomUUID } from 'node:crypto';
import type { Client, Pool } from 'pg';
import { newTokenSecret, tokenHash, tokenPrefix } from '../../src/modules/api-tokens/api-token-secret';

/**
 * A customer with County Tracker on the counties (begun at `startDate`, a year long), and `tokens`
 * API tokens to take in turn. The email is the one to sign in with in a browser: the store links a
 * verified sign-in to the user of that email.
 */
export async function trackerCustomer(
  db: Pool | Client,
  countyIds: string[],
  options: { tokens: number; startDate?: Date },
): Promise<{ email: string; tokens: string[] }> {
  const email = `bench-${randomUUID()}@example.com`;
  const {
    rows: [user],
  } = await db.query<{ id: string }>(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [email]);
  const start = options.startDate ?? new Date();
  for (const countyId of countyIds) {
    await db.query(
      `INSERT INTO subscriptions (user_id, county_id, purchase_type, status, amount, start_date, expiration_date)
       VALUES ($1, $2, 'annual', 'active', 1200, $3, greatest($3::timestamptz, now()) + interval '1 year')`,
      [user.id, countyId, start],
    );
  }
  const tokens = Array.from({ length: options.tokens }, () => newTokenSecret());
  for (const [i, token] of tokens.entries()) {
    await db.query(`INSERT INTO api_tokens (user_id, name, token_hash, prefix) VALUES ($1, $2, $3, $4)`, [
      user.id,
      `bench ${i}`,
      tokenHash(token),
      tokenPrefix(token),
    ]);
  }
  return { email, tokens };
}
