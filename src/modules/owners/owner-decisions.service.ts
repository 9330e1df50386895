import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { type MentionKey, OwnerDecisionRecord } from './entities/owner-decision.entity';

export const NO_SUCH_OWNER_HERE = 'No owner has this id (owners are grouped anew as parcels change: search again)';

/** A decision as the console lists it. */
export interface OwnerDecision {
  id: string;
  kind: 'split' | 'merge';
  ownerId: string;
  resultOwnerId: string;
  mentions: MentionKey[];
  reason: string;
  adminSessionId: string;
  createdAt: Date;
}

/**
 * Staff's splits and merges of owners, checked against the owners as grouped now and kept for every
 * later grouping to apply (the next one comes within a minute: the decisions change its fingerprint).
 * Each is written in the caller's transaction, with its audit entry.
 */
@Injectable()
export class OwnerDecisionsService {
  /** Moves these names at these mailing addresses from the owner to an owner of their own; answers its id. */
  async split(
    db: EntityManager,
    ownerId: string,
    mentions: MentionKey[],
    reason: string,
    adminSessionId: string,
  ): Promise<OwnerDecision> {
    const spellings = await this.spellingsOf(db, ownerId);
    const known = new Set(spellings.map((s) => `${s.nameKey}|${s.mailKey}`));
    const asked = new Set(mentions.map((m) => `${m.nameKey}|${m.mailKey}`));
    const unknown = [...asked].filter((key) => !known.has(key));
    if (unknown.length > 0) {
      throw new BadRequestException(
        `${unknown.length} of the names at mailing addresses to split off are not this owner's: reload the owner`,
      );
    }
    if (asked.size === known.size) {
      throw new BadRequestException('A split leaves some of the owner’s names behind: choose fewer of them');
    }
    return this.record(db, { kind: 'split', ownerId, resultOwnerId: randomUUID(), mentions, reason, adminSessionId });
  }

  /** Makes one owner of two: the first is merged into the second, whose id stays. */
  async merge(
    db: EntityManager,
    ownerId: string,
    intoOwnerId: string,
    reason: string,
    adminSessionId: string,
  ): Promise<OwnerDecision> {
    const found: { id: string }[] = await db.query(`SELECT id FROM owners WHERE id = ANY($1::uuid[])`, [
      [ownerId, intoOwnerId],
    ]);
    if (!found.some((o) => o.id === ownerId)) throw new NotFoundException(NO_SUCH_OWNER_HERE);
    if (ownerId === intoOwnerId) throw new BadRequestException('An owner cannot be merged into itself');
    if (!found.some((o) => o.id === intoOwnerId))
      throw new BadRequestException('The owner to merge into is no owner: search for it again');
    return this.record(db, {
      kind: 'merge',
      ownerId,
      resultOwnerId: intoOwnerId,
      mentions: [],
      reason,
      adminSessionId,
    });
  }

  /** Every decision on this owner (split off it, merged into or out of it), the latest first. */
  about(db: EntityManager, ownerId: string): Promise<OwnerDecision[]> {
    return db
      .getRepository(OwnerDecisionRecord)
      .find({ where: [{ ownerId }, { resultOwnerId: ownerId }], order: { createdAt: 'DESC' } });
  }

  private async spellingsOf(db: EntityManager, ownerId: string): Promise<MentionKey[]> {
    const rows: MentionKey[] = await db.query(
      `SELECT DISTINCT name_key AS "nameKey", mail_key AS "mailKey" FROM owner_mentions WHERE owner_id = $1`,
      [ownerId],
    );
    if (rows.length === 0) throw new NotFoundException(NO_SUCH_OWNER_HERE);
    return rows;
  }

  private record(db: EntityManager, decision: Omit<OwnerDecision, 'id' | 'createdAt'>): Promise<OwnerDecision> {
    return db.getRepository(OwnerDecisionRecord).save(db.getRepository(OwnerDecisionRecord).create(decision));
  }
}
