import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { once } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { copyText } from '../../database/copy-text';
import type { MentionKey } from './entities/owner-decision.entity';

/** A staged mention: its number in the grouping, where it is, and what it says. */
export interface StagedMention {
  n: number;
  parcelKey: string;
  recordNumber: number;
  slot: number;
  state: string;
  countyId: string;
  person: boolean;
  name: string;
  nameKey: string;
  nameSearch: string;
  mail: string;
  mailKey: string;
}

/** What grouping found, in numbers only: each staged mention's group, and each group's joins by rule. */
export interface FoundGroups {
  /** By mention: its group (-1: none, a name of no words). */
  groupOf: Int32Array;
  /** By group and rule (group × rules + rule): the joins the rule made in the group. */
  joins: Int32Array;
  rules: readonly string[];
  /** Groups whose id is staff's (a split's), by group. */
  fixed: Map<number, string>;
  /** Owner ids merged into others, each with the owner it now is part of. */
  merged: Map<string, string>;
  /** Owner ids staff decided on. */
  decided: Set<string>;
}

export interface StoredDecision {
  kind: 'split' | 'merge';
  ownerId: string;
  resultOwnerId: string;
  mentions: MentionKey[];
}

/** Rows gathered into one COPY write of about this many characters. */
const COPY_BATCH = 64 * 1024;
/**
 * An owner's name, of its spellings on as many parcels: the one with the most letters (no
 * abbreviations), in capitals as rolls mostly are, and no more punctuation than needed.
 */
const FULLEST_SPELLING = `length(regexp_replace(name, '[^A-Za-z0-9]', '', 'g')) DESC, (name = upper(name)) DESC, length(name), name`;
/** The indexes a grouping builds anew after writing, as the migration (1765900000000-owner-identity) defines them. */
const REBUILT_INDEXES = {
  owner_mentions_owner: 'owner_mentions (owner_id, county_id)',
  owner_names_county_search: 'owner_names USING gist (county_id, name_search gist_trgm_ops (siglen = 64))',
};
const STAGED_COLUMNS =
  'n, parcel_key, record_number, slot, state, county_id, person, name, name_key, name_search, mail, mail_key';

/**
 * One grouping's work in PostgreSQL, on one connection in one transaction: the mentions staged (a
 * temporary table, by COPY as they are read), the groups found for them, then their ids, and
 * owner_mentions, owner_names and owners replaced at once. Everything kept of an owner is worked
 * out here, in SQL: the worker holds numbers a mention, never an object an owner. Readers see the
 * old owners until the transaction commits.
 */
export class OwnerGroupingSession {
  constructor(private readonly client: PoolClient) {}

  /** Stages the mentions as they come, a batch at a time. */
  async stage(mentions: AsyncIterable<StagedMention[]>): Promise<void> {
    await this.client.query(
      `CREATE TEMP TABLE staged_mentions (n integer, parcel_key text COLLATE "C", record_number integer,
         slot smallint, state char(2), county_id uuid, person boolean, name text, name_key text, name_search text,
         mail text, mail_key text) ON COMMIT DROP`,
    );
    await this.copyLines(
      `staged_mentions (${STAGED_COLUMNS})`,
      (async function* () {
        for await (const batch of mentions) {
          if (batch.length === 0) continue;
          yield batch
            .map((m) => {
              const values = [m.n, m.parcelKey, m.recordNumber, m.slot, m.state, m.countyId, m.person];
              const texts = [m.name, m.nameKey, m.nameSearch, m.mail, m.mailKey];
              return [...values.map(String), ...texts.map(copyText)].join('\t');
            })
            .join('\n');
        }
      })(),
    );
  }

  /**
   * Gives the groups found their ids and replaces the owners; answers how many there are. A group
   * takes the id that most of its names at their mailing addresses had in the last grouping (an
   * owner's id follows its names and addresses, not its parcels: a parcel sold changes owner): each
   * id goes to the group holding most of its names, and a group that so wins several keeps the one
   * of most names. A split's group takes the split's id, which no other group takes; a group with
   * none gets a new one. Then merges: a group whose id was merged into another owner is that owner.
   */
  async replace(found: FoundGroups): Promise<number> {
    const { client } = this;
    await client.query(`CREATE TEMP TABLE mention_groups (n integer, grp integer) ON COMMIT DROP`);
    await this.copyLines(
      'mention_groups (n, grp)',
      (function* () {
        for (let n = 0; n < found.groupOf.length; n++) if (found.groupOf[n] >= 0) yield `${n}\t${found.groupOf[n]}`;
      })(),
    );
    await client.query(`CREATE TEMP TABLE group_joins (grp integer, rule text, joins integer) ON COMMIT DROP`);
    await this.copyLines(
      'group_joins (grp, rule, joins)',
      (function* () {
        const rules = found.rules.length;
        for (let at = 0; at < found.joins.length; at++) {
          if (found.joins[at] > 0) yield `${Math.floor(at / rules)}\t${found.rules[at % rules]}\t${found.joins[at]}`;
        }
      })(),
    );
    await client.query(`CREATE TEMP TABLE split_groups (grp integer, owner_id uuid) ON COMMIT DROP`);
    await this.copyLines(
      'split_groups (grp, owner_id)',
      [...found.fixed].map(([grp, id]) => `${grp}\t${id}`),
    );
    await client.query(`CREATE TEMP TABLE merged_owners (owner_id uuid, into_id uuid) ON COMMIT DROP`);
    await this.copyLines(
      'merged_owners (owner_id, into_id)',
      [...found.merged].map(([id, into]) => `${id}\t${into}`),
    );
    await client.query(`CREATE TEMP TABLE decided_owners (owner_id uuid) ON COMMIT DROP`);
    await this.copyLines('decided_owners (owner_id)', found.decided);
    await client.query(`ANALYZE staged_mentions, mention_groups`);
    await client.query(
      `CREATE TEMP TABLE group_ids ON COMMIT DROP AS
       WITH now AS (
         SELECT g.grp, s.name_key, s.mail_key, count(*) AS n
         FROM staged_mentions s JOIN mention_groups g ON g.n = s.n GROUP BY 1, 2, 3
       ), before AS (
         SELECT name_key, mail_key, group_id, count(*) AS n FROM owner_mentions GROUP BY 1, 2, 3
       ), shares AS (
         SELECT now.grp, before.group_id, sum(least(now.n, before.n)) AS names
         FROM now JOIN before ON before.name_key = now.name_key AND before.mail_key = now.mail_key
         WHERE now.grp NOT IN (SELECT grp FROM split_groups)
           AND before.group_id NOT IN (SELECT owner_id FROM split_groups)
         GROUP BY 1, 2
       ), won AS (
         SELECT DISTINCT ON (group_id) group_id, grp, names FROM shares ORDER BY group_id, names DESC, grp
       ), kept AS (
         SELECT DISTINCT ON (grp) grp, group_id FROM won ORDER BY grp, names DESC, group_id
       )
       SELECT g.grp, coalesce(sp.owner_id, kept.group_id, gen_random_uuid()) AS group_id
       FROM (SELECT DISTINCT grp FROM mention_groups) g
       LEFT JOIN split_groups sp ON sp.grp = g.grp LEFT JOIN kept ON kept.grp = g.grp`,
    );
    await client.query(`ALTER TABLE group_ids ADD COLUMN owner_id uuid`);
    await client.query(
      `UPDATE group_ids i
       SET owner_id = coalesce((SELECT into_id FROM merged_owners m WHERE m.owner_id = i.group_id), i.group_id)`,
    );
    // Written whole, into tables without their indexes, which are then built in one pass each: some
    // times faster than keeping them up row by row (readers wait on the TRUNCATE's lock meanwhile).
    await client.query(`TRUNCATE owner_mentions, owner_names, owners`);
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    await client.query(`ALTER TABLE owner_mentions DROP CONSTRAINT owner_mentions_pkey`);
    for (const index of Object.keys(REBUILT_INDEXES)) await client.query(`DROP INDEX ${index}`);
    await client.query(
      `INSERT INTO owner_mentions (parcel_key, record_number, slot, state, county_id, owner_id, group_id, name,
         name_key, mail, mail_key)
       SELECT s.parcel_key, s.record_number, s.slot, s.state, s.county_id, i.owner_id, i.group_id, s.name,
         s.name_key, s.mail, s.mail_key
       FROM staged_mentions s JOIN mention_groups g ON g.n = s.n JOIN group_ids i ON i.grp = g.grp`,
    );
    await client.query(
      `INSERT INTO owner_names (owner_id, county_id, name, name_search, parcels)
       SELECT i.owner_id, s.county_id, s.name, min(s.name_search), count(DISTINCT (s.parcel_key, s.record_number))::int
       FROM staged_mentions s JOIN mention_groups g ON g.n = s.n JOIN group_ids i ON i.grp = g.grp
       GROUP BY 1, 2, 3`,
    );
    await client.query(`ALTER TABLE owner_mentions ADD PRIMARY KEY (parcel_key, record_number, slot)`);
    for (const [index, definition] of Object.entries(REBUILT_INDEXES))
      await client.query(`CREATE INDEX ${index} ON ${definition}`);
    // An owner is a person or not as its first mention says; its evidence is its groups' joins.
    const { rowCount: owners } = await client.query(
      `INSERT INTO owners (id, name, kind, parcels, counties, evidence, decided)
       SELECT c.owner_id, n.name, k.kind, c.parcels, c.counties, coalesce(e.evidence, '{}'),
         c.owner_id IN (SELECT owner_id FROM decided_owners) OR c.groups && ARRAY(SELECT owner_id FROM decided_owners)
       FROM (SELECT owner_id, count(DISTINCT (parcel_key, record_number))::int AS parcels,
               count(DISTINCT county_id)::int AS counties, array_agg(DISTINCT group_id) AS groups
             FROM owner_mentions GROUP BY owner_id) c
       JOIN (SELECT DISTINCT ON (owner_id) owner_id, name
             FROM (SELECT owner_id, name, sum(parcels) AS parcels FROM owner_names GROUP BY 1, 2) spellings
             ORDER BY owner_id, parcels DESC, ${FULLEST_SPELLING}) n ON n.owner_id = c.owner_id
       JOIN (SELECT DISTINCT ON (i.owner_id) i.owner_id, CASE WHEN s.person THEN 'person' ELSE 'entity' END AS kind
             FROM staged_mentions s JOIN mention_groups g ON g.n = s.n JOIN group_ids i ON i.grp = g.grp
             ORDER BY i.owner_id, s.n) k ON k.owner_id = c.owner_id
       LEFT JOIN (SELECT owner_id, jsonb_object_agg(rule, joins) AS evidence
                  FROM (SELECT i.owner_id, j.rule, sum(j.joins)::int AS joins
                        FROM group_joins j JOIN group_ids i ON i.grp = j.grp GROUP BY 1, 2) r
                  GROUP BY owner_id) e ON e.owner_id = c.owner_id`,
    );
    return owners ?? 0;
  }

  async log(fingerprint: string, mentions: number, owners: number, seconds: number): Promise<void> {
    await this.client.query(
      `INSERT INTO owner_groupings (fingerprint, mentions, owners, seconds) VALUES ($1, $2, $3, $4)`,
      [fingerprint, mentions, owners, seconds],
    );
  }

  /** The fingerprint of the last grouping (null before the first). */
  async lastFingerprint(): Promise<string | null> {
    const { rows } = await this.client.query<{ fingerprint: string }>(
      `SELECT fingerprint FROM owner_groupings ORDER BY id DESC LIMIT 1`,
    );
    return rows[0]?.fingerprint ?? null;
  }

  /** Changes with every decision staff take. */
  async decisionsFingerprint(): Promise<string> {
    const { rows } = await this.client.query<{ digest: string }>(
      `SELECT count(*) || '-' || coalesce(max(created_at)::text, '') AS digest FROM owner_decisions`,
    );
    return rows[0].digest;
  }

  async decisions(): Promise<StoredDecision[]> {
    const { rows } = await this.client.query<StoredDecision>(
      `SELECT kind, owner_id AS "ownerId", result_owner_id AS "resultOwnerId", mentions
       FROM owner_decisions ORDER BY created_at, id`,
    );
    return rows;
  }

  /** Writes lines (an item may hold several) into a table by COPY, in batches of about COPY_BATCH characters, as they come. */
  private async copyLines(target: string, lines: Iterable<string> | AsyncIterable<string>): Promise<void> {
    const copy = this.client.query(copyFrom(`COPY ${target} FROM STDIN`));
    let batch = '';
    for await (const line of lines) {
      batch += line + '\n';
      if (batch.length >= COPY_BATCH) {
        if (!copy.write(batch)) await once(copy, 'drain');
        batch = '';
      }
    }
    copy.end(batch);
    await once(copy, 'finish');
  }
}

/** Owner grouping's tables: the sessions that rewrite them, and what a grouping is compared with. */
@Injectable()
export class OwnerIdentityRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Runs a grouping in one transaction on its own connection; two workers' groupings take turns (the
   * second then finds the work done, by its fingerprint).
   */
  async inSession<T>(work: (session: OwnerGroupingSession) => Promise<T>): Promise<T> {
    const pool = (this.db.driver as PostgresDriver).master as Pool;
    const client = await pool.connect();
    let broken: Error | undefined;
    // A connection lost between two queries (the server gone) is told here, not thrown; the next query fails.
    const lost = (error: Error) => (broken = error);
    client.on('error', lost);
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('owner-grouping', 0))`);
      const result = await work(new OwnerGroupingSession(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
      throw error;
    } finally {
      client.off('error', lost);
      client.release(broken);
    }
  }
}
