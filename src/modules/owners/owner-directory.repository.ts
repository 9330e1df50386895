import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { GroupingRule } from './owner-grouping';

/** Spellings read from the index for each owner answered: an owner has several, in several counties. */
const SPELLINGS_AN_OWNER = 8;

/** An owner as a search or a portfolio shows it, counted in the counties asked about and elsewhere. */
export interface OwnerSummary {
  id: string;
  name: string;
  kind: 'person' | 'entity';
  /** Parcels and counties of the counties asked about. */
  parcels: number;
  counties: number;
  /** Parcels, and counties, the owner holds in the other counties of the store. */
  parcelsElsewhere: number;
  countiesElsewhere: number;
  /** 0 to 1: how well the best of its spellings matched (searches only). */
  score?: number;
}

/** A spelling at a mailing address, on how many parcels, in how many counties. */
export interface OwnerSpelling {
  name: string;
  nameKey: string;
  mail: string;
  mailKey: string;
  parcels: number;
  counties: number;
}

/** Where a parcel of an owner is, and which of its owners the owner is (1 for owner_name, 2 for owner2_name). */
export interface OwnedParcel {
  parcelKey: string;
  recordNumber: number;
  countyId: string;
  slots: number[];
}

/** What staff see of an owner: every spelling at every address, why it is one owner, and whether staff decided. */
export interface OwnerRecordView extends OwnerSummary {
  evidence: Partial<Record<GroupingRule, number>>;
  decided: boolean;
}

/**
 * Reads owners as the latest grouping left them, always within counties asked about (a customer's),
 * counting what lies outside them without naming it.
 */
@Injectable()
export class OwnerDirectoryRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Owners with a spelling like the (normalized) text in these counties (null: every county), best
   * first: the trigram index walked nearest first among spellings at least pg_trgm's threshold alike
   * (`%`), county by county for a customer's (each county its own short walk of the index, where one
   * walk of every county's spellings would pass over all the others').
   */
  async search(text: string, countyIds: string[] | null, limit: number): Promise<OwnerSummary[]> {
    const nearest = (where: string) =>
      `SELECT owner_id, similarity(name_search, $1) AS score FROM owner_names
       WHERE ${where} AND name_search % $1 ORDER BY name_search <-> $1 LIMIT $3`;
    const spellings =
      countyIds === null
        ? nearest('true')
        : `SELECT s.* FROM unnest($2::uuid[]) AS c(id) CROSS JOIN LATERAL (${nearest('county_id = c.id')}) s`;
    return this.db.query(
      `WITH spellings AS (${spellings}), best AS (
         SELECT owner_id, max(score) AS score FROM spellings GROUP BY owner_id ORDER BY score DESC LIMIT $4
       )
       SELECT ${SUMMARY}, round(best.score::numeric, 3)::float8 AS score
       FROM best JOIN owners o ON o.id = best.owner_id ${IN_COUNTIES}
       ORDER BY best.score DESC, inside.parcels DESC, o.name`,
      [text, countyIds, limit * SPELLINGS_AN_OWNER, limit],
    );
  }

  /** The owner, counted in these counties; null when it holds no parcel there (or is no owner). */
  async summary(ownerId: string, countyIds: string[] | null): Promise<OwnerRecordView | null> {
    const [owner] = await this.db.query<OwnerRecordView[]>(
      `SELECT ${SUMMARY}, o.evidence, o.decided FROM owners o ${IN_COUNTIES} WHERE o.id = $1`,
      [ownerId, countyIds],
    );
    return owner && owner.parcels > 0 ? owner : null;
  }

  /** Its spellings at their mailing addresses in these counties (null: every county), the commonest first. */
  spellings(ownerId: string, countyIds: string[] | null): Promise<OwnerSpelling[]> {
    return this.db.query(
      `SELECT name, name_key AS "nameKey", mail, mail_key AS "mailKey",
         count(DISTINCT (parcel_key, record_number))::int AS parcels, count(DISTINCT county_id)::int AS counties
       FROM owner_mentions WHERE owner_id = $1 AND ($2::uuid[] IS NULL OR county_id = ANY($2::uuid[]))
       GROUP BY 1, 2, 3, 4 ORDER BY parcels DESC, name, mail`,
      [ownerId, countyIds],
    );
  }

  /** Its parcels in these counties (null: every county), by parcel_key, after the cursor's; a page, or (null) all. */
  parcels(
    ownerId: string,
    countyIds: string[] | null,
    after: { parcelKey: string; recordNumber: number } | null,
    limit: number | null,
  ): Promise<OwnedParcel[]> {
    return this.db.query(
      `SELECT parcel_key AS "parcelKey", record_number AS "recordNumber", county_id AS "countyId",
         array_agg(slot ORDER BY slot)::int[] AS slots
       FROM owner_mentions
       WHERE owner_id = $1 AND ($2::uuid[] IS NULL OR county_id = ANY($2::uuid[]))
         AND ($3::text IS NULL OR (parcel_key, record_number) > ($3::text COLLATE "C", $4::int))
       GROUP BY 1, 2, 3 ORDER BY 1, 2 LIMIT $5`,
      [ownerId, countyIds, after?.parcelKey ?? null, after?.recordNumber ?? 0, limit],
    );
  }

  /** The owners of these parcels (owner_name's and owner2_name's), by parcel key and record number. */
  async ownersOf(parcels: { parcelKey: string; recordNumber: number }[]): Promise<Map<string, [string?, string?]>> {
    const owners = new Map<string, [string?, string?]>();
    if (parcels.length === 0) return owners;
    const rows = await this.db.query<{ parcelKey: string; recordNumber: number; slot: number; ownerId: string }[]>(
      `SELECT m.parcel_key AS "parcelKey", m.record_number AS "recordNumber", m.slot, m.owner_id AS "ownerId"
       FROM owner_mentions m
       JOIN unnest($1::text[], $2::int[]) AS p(parcel_key, record_number)
         ON m.parcel_key = p.parcel_key COLLATE "C" AND m.record_number = p.record_number`,
      [parcels.map((p) => p.parcelKey), parcels.map((p) => p.recordNumber)],
    );
    for (const { parcelKey, recordNumber, slot, ownerId } of rows) {
      const key = ownedParcelKey(parcelKey, recordNumber);
      const both = owners.get(key) ?? [];
      both[slot - 1] = ownerId;
      owners.set(key, both);
    }
    return owners;
  }
}

/** How ownersOf names a parcel. */
export const ownedParcelKey = (parcelKey: string, recordNumber: number) => `${parcelKey}.${recordNumber}`;

const SUMMARY = `o.id, o.name, o.kind, inside.parcels, inside.counties,
  o.parcels - inside.parcels AS "parcelsElsewhere", o.counties - inside.counties AS "countiesElsewhere"`;
/** The owner's (o) parcels and counties within the counties of $2 (null: every county). */
const IN_COUNTIES = `CROSS JOIN LATERAL (
  SELECT count(DISTINCT (m.parcel_key, m.record_number))::int AS parcels, count(DISTINCT m.county_id)::int AS counties
  FROM owner_mentions m WHERE m.owner_id = o.id AND ($2::uuid[] IS NULL OR m.county_id = ANY($2::uuid[]))
) inside`;
