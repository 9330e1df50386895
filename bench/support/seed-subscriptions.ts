import type { Client } from 'pg';

/** Customers per subscription in the seeded store: most buy two counties. */
const SUBSCRIPTIONS_PER_CUSTOMER = 2;

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Ritchie'];

/**
 * A store's customers and subscriptions, loaded straight into its database: half as many customers
 * as subscriptions, three in four of them named (the others bought with an email only), joining and
 * buying over the past years; the subscriptions spread over every county, both plans, and the three
 * statuses (80% active, 10% cancelled, 10% expired). Customer n is bench{n}@example.com, named
 * "{first} {last}{n}" from the lists above, so a benchmark can search for one customer or for many.
 */
export async function seedSubscriptions(db: Client, subscriptions: number): Promise<{ customers: number }> {
  const customers = Math.ceil(subscriptions / SUBSCRIPTIONS_PER_CUSTOMER);
  await db.query(
    `INSERT INTO users (email, first_name, last_name, created_at)
     SELECT 'bench' || n || '@example.com',
            CASE WHEN n % 4 <> 0 THEN ($2::text[])[1 + n % cardinality($2::text[])] END,
            CASE WHEN n % 4 <> 0 THEN ($3::text[])[1 + (n / 8) % cardinality($3::text[])] || n END,
            now() - make_interval(mins => n * 20)
     FROM generate_series(1, $1) AS n`,
    [customers, FIRST_NAMES, LAST_NAMES],
  );
  // Bought over the past months; a County Tracker runs a year, so the active ones end well beyond the
  // renewal reminders' 30 days and the expired ones ended before now: the worker's daily sweeps find
  // nothing due while a benchmark runs.
  await db.query(
    `WITH u AS (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'bench%@example.com'),
          c AS (SELECT id, row_number() OVER (ORDER BY fips) AS n FROM counties),
          s AS (SELECT i, CASE WHEN i % 10 = 0 THEN 'cancelled' WHEN i % 10 = 1 THEN 'expired' ELSE 'active' END AS status,
                       now() - make_interval(mins => i * 2) AS bought
                FROM generate_series(1, $1) AS i)
     INSERT INTO subscriptions (user_id, county_id, purchase_type, status, auto_renew, amount, start_date,
                                expiration_date, created_at)
     SELECT u.id, c.id, CASE WHEN i % 3 = 0 THEN 'one-time' ELSE 'annual' END, s.status,
            i % 3 <> 0 AND s.status = 'active',
            CASE WHEN i % 3 = 0 THEN 500 ELSE 1200 END,
            s.bought - CASE WHEN s.status = 'expired' THEN interval '1 year' ELSE interval '0' END,
            CASE WHEN i % 3 <> 0
                 THEN s.bought + CASE WHEN s.status = 'expired' THEN interval '0' ELSE interval '1 year' END END,
            s.bought
     FROM s JOIN u ON u.n = 1 + (i % $2) JOIN c ON c.n = 1 + (i % (SELECT count(*) FROM counties))`,
    [subscriptions, customers],
  );
  return { customers };
}
