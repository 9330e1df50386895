import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Owners across counties: each owner named on a parcel of the parcel store (owner_name, owner2_name)
 * with the owner it was grouped into (`owner_mentions`), the owners (`owners`) and each spelling of
 * their names in each county (`owner_names`, searched by trigrams), staff's splits and merges (`owner_decisions`,
 * applied again by every grouping) and a log of the groupings (`owner_groupings`). Mentions, owners
 * and names are rewritten whole by each grouping; decisions and the log are kept.
 */
export class OwnerIdentity1765900000000 implements MigrationInterface {
  name = 'OwnerIdentity1765900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE owners (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        kind varchar(6) NOT NULL CHECK (kind IN ('person', 'entity')),
        parcels integer NOT NULL,
        counties integer NOT NULL,
        evidence jsonb NOT NULL,
        decided boolean NOT NULL DEFAULT false
      )`);
    await db.query(`
      CREATE TABLE owner_mentions (
        parcel_key text COLLATE "C" NOT NULL,
        record_number integer NOT NULL,
        slot smallint NOT NULL CHECK (slot IN (1, 2)),
        state char(2) NOT NULL,
        county_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        group_id uuid NOT NULL,
        name text NOT NULL,
        name_key text NOT NULL,
        mail text NOT NULL,
        mail_key text NOT NULL,
        PRIMARY KEY (parcel_key, record_number, slot)
      )`);
    await db.query(`CREATE INDEX owner_mentions_owner ON owner_mentions (owner_id, county_id)`);
    await db.query(`
      CREATE TABLE owner_names (
        owner_id uuid NOT NULL,
        county_id uuid NOT NULL,
        name text NOT NULL,
        name_search text NOT NULL,
        parcels integer NOT NULL,
        PRIMARY KEY (owner_id, county_id, name)
      )`);
    // A customer's search walks each of their counties' spellings nearest first (btree_gist puts the
    // county before the trigrams); staff's walks every county's in the same index.
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await db.query(
      `CREATE INDEX owner_names_county_search ON owner_names
         USING gist (county_id, name_search gist_trgm_ops (siglen = 64))`,
    );
    await db.query(`
      CREATE TABLE owner_decisions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(5) NOT NULL CHECK (kind IN ('split', 'merge')),
        owner_id uuid NOT NULL,
        result_owner_id uuid NOT NULL,
        mentions jsonb NOT NULL DEFAULT '[]',
        reason text NOT NULL,
        admin_session_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE owner_groupings (
        id serial PRIMARY KEY,
        fingerprint text NOT NULL,
        mentions integer NOT NULL,
        owners integer NOT NULL,
        seconds real NOT NULL,
        grouped_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['owner_groupings', 'owner_decisions', 'owner_names', 'owner_mentions', 'owners']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
