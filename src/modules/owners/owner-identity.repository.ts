import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { once } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { copyText } from '../../database/copy-text';
import type { MentionKey } from './entities/owner-decision.entity';
import type { PreviousShare } from './stable-owner-ids';

/** A staged mention: its number in the grouping, where it is, and what it says. */
export interface StagedMention {
  n: number;
  parcelKey: string;
  recordNumber: number;
  slot: number;
  state: string;
  countyId: string;
  name: string;
  nameKey: string;
  nameSearch: string;
  mail: string;
  mailKey: string;
}

/** A group found, with the ids it takes: `groupId` the rules' and splits', `ownerId` after merges. */
export interface GroupIds {
  group: number;
  groupId: string;
  ownerId: string;
}

/** What an owner is, besides what its mentions count. */
export interface OwnerFacts {
  ownerId: string;
  kind: 'person' | 'entity';
  evidence: Record<string, number>;
  decided: boolean;
}

export interface StoredDecision {
  kind: 'split' | 'merge';
  ownerId: string;
  resultOwnerId: string;
  mentions: MentionKey[];
}

/**
 * An owner's name, of its spellings on as many parcels: the one with the most letters (no
 * abbreviations), in capitals as rolls mostly are, and no more punctuation than needed.
 */
const FULLEST_SPELLING = `length(regexp_replace(name, '[^A-Za-z0-9]', '', 'g')) DESC, (name = upper(name)) DESC, length(name), name`;

/** Rows gathered into one COPY write of about this many characters. */
const COPY_BATCH = 64 * 1024;
const STAGED_COLUMNS =
  'n, parcel_key, record_number, slot, state, county_id, name, name_key, name_search, mail, mail_key';

/**
 * One grouping's work in PostgreSQL, on one connection in one transaction: the mentions staged (a
 * temporary table, by COPY as they are read), the groups found for them, the ids they had, then
 * owner_mentions, owner_names and owners replaced at once. Readers see the old owners until then.
 */
export class OwnerGroupingSession {
  private pending = '';

  constructor(private readonly client: PoolClient) {}

  /** Stages mentions as `add` is called; `done` ends the COPY. */
  async stage(fill: (add: (mention: StagedMention) => Promise<void>) => Promise<void>): Promise<void> {
    await this.client.query(
      `CREATE TEMP TABLE staged_mentions (n integer, parcel_key text COLLATE "C", record_number integer,
         slot smallint, state char(2), county_id uuid, name text, name_key text, name_search text, mail text,
         mail_key text) ON COMMIT DROP`,
    );
    const copy = this.client.query(copyFrom(`COPY staged_mentions (${STAGED_COLUMNS}) FROM STDIN`));
    const flush = async () => {
      if (!copy.write(this.pending)) await once(copy, 'drain');
      this.pending = '';
    };
    await fill(async (m) => {
      this.pending +=
        [
          m.n,
          m.parcelKey,
          m.recordNumber,
          m.slot,
          m.state,
          m.countyId,
          m.name,
          m.nameKey,
          m.nameSearch,
          m.mail,
          m.mailKey,
        ]
          .map((value) => copyText(String(value)))
          .join('\t') + '\n';
      if (this.pending.length >= COPY_BATCH) await flush();
    });
    if (this.pending) await flush();
    copy.end();
    await once(copy, 'finish');
  }

  /** The group of each staged mention (-1: none, a name of no words). */
  async stageGroups(groupOf: Int32Array): Promise<void> {
    await this.client.query(`CREATE TEMP TABLE mention_groups (n integer, grp integer) ON COMMIT DROP`);
    await this.copyLines(
      'mention_groups (n, grp)',
      (function* () {
        for (let n = 0; n < groupOf.length; n++) if (groupOf[n] >= 0) yield `${n}\t${groupOf[n]}`;
      })(),
    );
  }

  /**
   * How many of each group's names at mailing addresses the last grouping put under each id: an
   * owner's id follows its names and addresses, not its parcels (a parcel sold changes owner).
   */
  async previousShares(): Promise<PreviousShare[]> {
    const { rows } = await this.client.query<PreviousShare>(
      `WITH now AS (
         SELECT g.grp, s.name_key, s.mail_key, count(*) AS n
         FROM staged_mentions s JOIN mention_groups g ON g.n = s.n GROUP BY 1, 2, 3
       ), before AS (
         SELECT name_key, mail_key, group_id, count(*) AS n FROM owner_mentions GROUP BY 1, 2, 3
       )
       SELECT now.grp AS "group", before.group_id AS "ownerId", sum(least(now.n, before.n))::int AS mentions
       FROM now JOIN before ON before.name_key = now.name_key AND before.mail_key = now.mail_key
       GROUP BY 1, 2`,
    );
    return rows;
  }

  /** Replaces the owners: mentions with their ids, each owner's spellings, and the owners. */
  async replace(groups: GroupIds[], owners: OwnerFacts[]): Promise<number> {
    await this.client.query(`CREATE TEMP TABLE group_ids (grp integer, group_id uuid, owner_id uuid) ON COMMIT DROP`);
    await this.copyLines(
      'group_ids (grp, group_id, owner_id)',
      groups.map((g) => `${g.group}\t${g.groupId}\t${g.ownerId}`),
    );
    await this.client.query(
      `CREATE TEMP TABLE owner_facts (owner_id uuid, kind text, evidence jsonb, decided boolean) ON COMMIT DROP`,
    );
    await this.copyLines(
      'owner_facts (owner_id, kind, evidence, decided)',
      owners.map((o) => [o.ownerId, o.kind, copyText(JSON.stringify(o.evidence)), o.decided].join('\t')),
    );
    await this.client.query(`TRUNCATE owner_mentions, owner_names, owners`);
    const { rowCount } = await this.client.query(
      `INSERT INTO owner_mentions (parcel_key, record_number, slot, state, county_id, owner_id, group_id, name,
         name_key, mail, mail_key)
       SELECT s.parcel_key, s.record_number, s.slot, s.state, s.county_id, i.owner_id, i.group_id, s.name,
         s.name_key, s.mail, s.mail_key
       FROM staged_mentions s JOIN mention_groups g ON g.n = s.n JOIN group_ids i ON i.grp = g.grp`,
    );
    await this.client.query(
      `INSERT INTO owner_names (owner_id, county_id, name, name_search, parcels)
       SELECT i.owner_id, s.county_id, s.name, min(s.name_search), count(DISTINCT (s.parcel_key, s.record_number))::int
       FROM staged_mentions s JOIN mention_groups g ON g.n = s.n JOIN group_ids i ON i.grp = g.grp
       GROUP BY 1, 2, 3`,
    );
    await this.client.query(
      `INSERT INTO owners (id, name, kind, parcels, counties, evidence, decided)
       SELECT f.owner_id, n.name, f.kind, c.parcels, c.counties, f.evidence, f.decided
       FROM owner_facts f
       JOIN (SELECT owner_id, count(DISTINCT (parcel_key, record_number))::int AS parcels,
               count(DISTINCT county_id)::int AS counties
             FROM owner_mentions GROUP BY owner_id) c ON c.owner_id = f.owner_id
       JOIN (SELECT DISTINCT ON (owner_id) owner_id, name
             FROM (SELECT owner_id, name, sum(parcels) AS parcels FROM owner_names GROUP BY 1, 2) spellings
             ORDER BY owner_id, parcels DESC, ${FULLEST_SPELLING}) n ON n.owner_id = f.owner_id`,
    );
    return rowCount ?? 0;
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

  private async copyLines(target: string, lines: Iterable<string>): Promise<void> {
    const copy = this.client.query(copyFrom(`COPY ${target} FROM STDIN`));
    let batch = '';
    for (const line of lines) {
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
      client.release(broken);
    }
  }
}
