import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { normalizeOwnerName } from '../../../common/search-text';
import {
  GROUPING_RULES,
  type GroupingRule,
  NO_SUCH_OWNER_HERE,
  type OwnerDecision,
  OwnerDecisionsService,
  OwnerDirectoryRepository,
} from '../../owners';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { AdminSessionsRepository } from '../staff-access/admin-sessions.repository';
import type {
  AdminOwnerDetailDto,
  AdminOwnerMatchesDto,
  MergeOwnerDto,
  OwnerDecidedDto,
  OwnerDecisionDto,
  SplitOwnerDto,
} from './dto/admin-owners.dto';

const TAKES_EFFECT = 'it takes effect when owners are next grouped, within a minute.';

/**
 * Owners as staff audit them, in every county: found by name, shown with every spelling at every
 * mailing address and the rules that joined them; split or merged, each decision audited and kept
 * for every later grouping.
 */
@Injectable()
export class AdminOwnersService {
  constructor(
    private readonly owners: OwnerDirectoryRepository,
    private readonly decisions: OwnerDecisionsService,
    private readonly auditLog: AuditLogRepository,
    private readonly sessions: AdminSessionsRepository,
  ) {}

  async search(name: string, limit = 20): Promise<AdminOwnerMatchesDto> {
    const text = normalizeOwnerName(name);
    const found = text ? await this.owners.search(text, null, limit) : [];
    return {
      owners: found.map(({ id, name, kind, parcels, counties, score }) => ({
        id,
        name,
        kind,
        parcels,
        counties,
        score,
      })),
    };
  }

  async owner(id: string): Promise<AdminOwnerDetailDto> {
    const owner = await this.owners.summary(id, null);
    if (!owner) throw new NotFoundException(NO_SUCH_OWNER_HERE);
    const [spellings, decisions] = await Promise.all([
      this.owners.spellings(id, null),
      this.auditLog.transaction((db) => this.decisions.about(db, id)),
    ]);
    return {
      id: owner.id,
      name: owner.name,
      kind: owner.kind,
      parcels: owner.parcels,
      counties: owner.counties,
      decided: owner.decided,
      evidence: (Object.entries(owner.evidence) as [GroupingRule, number][])
        .map(([rule, joins]) => ({ rule, explanation: GROUPING_RULES[rule] ?? rule, joins }))
        .sort((a, b) => b.joins - a.joins),
      spellings,
      decisions: await this.shown(decisions),
    };
  }

  split(sessionId: string, id: string, dto: SplitOwnerDto): Promise<OwnerDecidedDto> {
    return this.decide(sessionId, 'owner.split', id, (db) =>
      this.decisions.split(db, id, dto.mentions, dto.reason, sessionId),
    );
  }

  merge(sessionId: string, id: string, dto: MergeOwnerDto): Promise<OwnerDecidedDto> {
    return this.decide(sessionId, 'owner.merge', id, (db) =>
      this.decisions.merge(db, id, dto.intoOwnerId, dto.reason, sessionId),
    );
  }

  private async decide(
    sessionId: string,
    action: 'owner.split' | 'owner.merge',
    id: string,
    make: (db: EntityManager) => Promise<OwnerDecision>,
  ): Promise<OwnerDecidedDto> {
    const decision = await this.auditLog.transaction(async (db) => {
      const made = await make(db);
      await this.auditLog.record(db, {
        sessionId,
        action,
        targetType: 'owner',
        targetId: id,
        before: null,
        after: {
          decision: made.id,
          result_owner_id: made.resultOwnerId,
          mentions: made.mentions,
          reason: made.reason,
        },
      });
      return made;
    });
    const [shown] = await this.shown([decision]);
    const what = decision.kind === 'split' ? 'Split' : 'Merge';
    return { decision: shown, message: `${what} recorded: ${TAKES_EFFECT}` };
  }

  private async shown(decisions: OwnerDecision[]): Promise<OwnerDecisionDto[]> {
    const actors = await this.sessions.actorsOf(decisions.map((d) => d.adminSessionId));
    return decisions.map(({ adminSessionId, createdAt, ...decision }) => ({
      ...decision,
      decidedBy: actors.get(adminSessionId) ?? 'Unknown',
      createdAt: createdAt.toISOString(),
    }));
  }
}
