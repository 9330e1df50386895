import { MigrationInterface, QueryRunner } from 'typeorm';

// The users list's "Name" as src/modules/users/user-display-name.ts builds it; an index serves a query
// only when its expression is the query's own.
const DISPLAY_NAME = `COALESCE(NULLIF(btrim(COALESCE(btrim(first_name), '') || ' ' || COALESCE(btrim(last_name), '')), ''), 'Guest User')`;

/** Columns of the staff subscriptions list that it sorts by, each with its own index. */
const SUBSCRIPTION_SORTS: [index: string, column: string][] = [
  ['subscriptions_by_amount', 'amount'],
  ['subscriptions_by_plan', 'purchase_type'],
  ['subscriptions_by_status', 'status'],
  ['subscriptions_by_auto_renew', 'auto_renew'],
  ['subscriptions_by_start', 'start_date'],
  ['subscriptions_by_expiration', 'expiration_date'],
];

/**
 * The staff lists of subscriptions and users are paged, sorted and searched in the database, at
 * 100,000 subscriptions and more. A page in any sort order is read from an index in that order,
 * stopping at the page, instead of sorting every row: one index per sortable column, each ending in
 * creation time and id (the lists' tie-break, read in the sort's direction so one index serves both
 * directions). Each also holds the status, so a page filtered by status is found in the index alone,
 * however many rows of other statuses it passes on the way (expired subscriptions are the oldest). The
 * search looks for text anywhere in emails and names, which only a trigram index answers without
 * reading every user. A user's subscriptions index also holds status and amount, so the users
 * list's subscription count and total spent are read from it without visiting the table.
 */
export class AdminListIndexes1763801100000 implements MigrationInterface {
  name = 'AdminListIndexes1763801100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX subscriptions_newest`);
    await db.query(`CREATE INDEX subscriptions_newest ON subscriptions (created_at DESC, id) INCLUDE (status)`);
    for (const [index, column] of SUBSCRIPTION_SORTS)
      await db.query(`CREATE INDEX ${index} ON subscriptions (${column}, created_at, id) INCLUDE (status)`);
    await db.query(`DROP INDEX subscriptions_user_newest`);
    await db.query(
      `CREATE INDEX subscriptions_user_newest ON subscriptions (user_id, created_at DESC) INCLUDE (status, amount)`,
    );
    // The users list's Active / Inactive filter: whether a user has an active subscription, from the index alone.
    await db.query(`CREATE INDEX subscriptions_active_by_user ON subscriptions (user_id) WHERE status = 'active'`);

    await db.query(`CREATE INDEX users_newest ON users (created_at, id)`);
    await db.query(`CREATE INDEX users_by_name ON users ((lower(${DISPLAY_NAME})), created_at, id)`);
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE INDEX users_email_search ON users USING gin (email gin_trgm_ops)`);
    await db.query(`CREATE INDEX users_name_search ON users USING gin ((${DISPLAY_NAME}) gin_trgm_ops)`);

    await db.query(`CREATE INDEX counties_by_label ON counties (lower(name), lower(state))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX counties_by_label`);
    await db.query(`DROP INDEX users_name_search, users_email_search, users_by_name, users_newest`);
    await db.query(`DROP INDEX subscriptions_active_by_user, subscriptions_user_newest`);
    await db.query(`CREATE INDEX subscriptions_user_newest ON subscriptions (user_id, created_at DESC)`);
    for (const [index] of SUBSCRIPTION_SORTS) await db.query(`DROP INDEX ${index}`);
    await db.query(`DROP INDEX subscriptions_newest`);
    await db.query(`CREATE INDEX subscriptions_newest ON subscriptions (created_at DESC)`);
  }
}
