import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { normalizeOwnerName } from '../../common/search-text';
import { type OwnerGroup, OwnerGrouper } from './owner-grouping';
import { mailLine, type OwnerMentionSource } from './owner-mention-source';
import {
  type GroupIds,
  type OwnerFacts,
  type OwnerGroupingSession,
  OwnerIdentityRepository,
  type StoredDecision,
} from './owner-identity.repository';
import { mergeTargets, stableOwnerIds } from './stable-owner-ids';

const mentionKey = (nameKey: string, mailKey: string) => `${nameKey}|${mailKey}`;

/**
 * Gives every owner named on a parcel of the store an owner id, across counties: the mentions are
 * grouped by name and mailing address (OwnerGrouper), staff's splits and merges are applied, and each
 * owner keeps the id it had (stableOwnerIds). The grouping runs again only when the store's parcels
 * or staff's decisions changed since the last.
 */
@Injectable()
export class OwnerIdentityService {
  private readonly logger = new Logger('OwnerIdentity');

  constructor(private readonly repository: OwnerIdentityRepository) {}

  async group(source: OwnerMentionSource): Promise<string> {
    const started = Date.now();
    return this.repository.inSession(async (session) => {
      const fingerprint = `${await source.fingerprint()}:${await session.decisionsFingerprint()}`;
      if (fingerprint === (await session.lastFingerprint())) return 'Owners are grouped already';
      const grouper = new OwnerGrouper();
      await session.stage(async (add) => {
        for await (const mention of source.mentions()) {
          const n = grouper.add(mention);
          await add({
            ...mention,
            n,
            nameKey: grouper.nameKeyOf(n),
            nameSearch: normalizeOwnerName(mention.name) ?? '',
            mail: mailLine(mention.mail),
            mailKey: grouper.mailKeyOf(n),
          });
        }
      });
      const owners = await this.identify(session, grouper);
      const seconds = (Date.now() - started) / 1000;
      await session.log(fingerprint, grouper.size, owners, seconds);
      const outcome = `${grouper.size} mentions grouped into ${owners} owners in ${seconds.toFixed(1)} s`;
      this.logger.log(outcome);
      return outcome;
    });
  }

  /** Groups, applies staff's decisions, gives ids and writes the owners; answers how many there are. */
  private async identify(session: OwnerGroupingSession, grouper: OwnerGrouper): Promise<number> {
    const decisions = await session.decisions();
    const found = grouper.groups();
    const { groupOf, groups, fixed } = applySplits(grouper, found, decisions);
    await session.stageGroups(groupOf);
    const groupIds = stableOwnerIds(groups.length, await session.previousShares(), fixed, randomUUID);
    const merged = mergeTargets(decisions.filter((d) => d.kind === 'merge'));
    const decided = new Set(decisions.flatMap((d) => [d.ownerId, d.resultOwnerId]));
    const ids: GroupIds[] = [];
    const owners = new Map<string, OwnerFacts>();
    groups.forEach((group, i) => {
      if (group.mentions.length === 0) return;
      const groupId = groupIds[i];
      const ownerId = merged.get(groupId) ?? groupId;
      ids.push({ group: i, groupId, ownerId });
      const facts = owners.get(ownerId);
      if (facts) {
        for (const [rule, joins] of Object.entries(group.evidence))
          facts.evidence[rule] = (facts.evidence[rule] ?? 0) + joins;
        return;
      }
      owners.set(ownerId, {
        ownerId,
        kind: grouper.isPersonAt(group.mentions[0]) ? 'person' : 'entity',
        evidence: { ...group.evidence },
        decided: decided.has(groupId) || decided.has(ownerId),
      });
    });
    await session.replace(ids, [...owners.values()]);
    return owners.size;
  }
}

/**
 * Staff's splits applied to the groups found: the mentions of a split's names at their addresses
 * leave their group for one of their own, with the split's id (a later split of the same wins).
 */
function applySplits(
  grouper: OwnerGrouper,
  found: OwnerGroup[],
  decisions: StoredDecision[],
): { groupOf: Int32Array; groups: OwnerGroup[]; fixed: Map<number, string> } {
  const groupOf = new Int32Array(grouper.size).fill(-1);
  found.forEach((group, g) => group.mentions.forEach((i) => (groupOf[i] = g)));
  const splitOf = new Map<string, number>();
  const groups = [...found];
  const fixed = new Map<number, string>();
  for (const decision of decisions) {
    if (decision.kind !== 'split') continue;
    const g = groups.length;
    groups.push({ mentions: [], evidence: {} });
    fixed.set(g, decision.resultOwnerId);
    for (const { nameKey, mailKey } of decision.mentions) splitOf.set(mentionKey(nameKey, mailKey), g);
  }
  if (splitOf.size === 0) return { groupOf, groups, fixed };
  const moved = new Set<number>();
  for (let i = 0; i < grouper.size; i++) {
    const g = groupOf[i] < 0 ? undefined : splitOf.get(mentionKey(grouper.nameKeyOf(i), grouper.mailKeyOf(i)));
    if (g === undefined) continue;
    moved.add(groupOf[i]);
    groupOf[i] = g;
    groups[g].mentions.push(i);
  }
  for (const g of moved) groups[g] = { ...groups[g], mentions: groups[g].mentions.filter((i) => groupOf[i] === g) };
  return { groupOf, groups, fixed };
}
