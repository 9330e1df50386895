import { Injectable, Logger } from '@nestjs/common';
import { normalizeOwnerName } from '../../common/search-text';
import { GROUPING_VERSION, keyNumbers, type OwnerAssignment, OwnerGrouper, RULES } from './owner-grouping';
import { mailLine, type OwnerMentionSource } from './owner-mention-source';
import {
  type FoundGroups,
  type OwnerGroupingSession,
  OwnerIdentityRepository,
  type StoredDecision,
} from './owner-identity.repository';
import { mergeTargets } from './merge-targets';

/**
 * Gives every owner named on a parcel of the store an owner id, across counties: the mentions are
 * grouped by name and mailing address (OwnerGrouper, numbers only), staff's splits and merges are
 * applied, and PostgreSQL gives each owner the id it had and writes the owners
 * (OwnerGroupingSession.replace). The grouping runs again only when the store's parcels, staff's
 * decisions or the rules (GROUPING_VERSION) changed since the last.
 */
@Injectable()
export class OwnerIdentityService {
  private readonly logger = new Logger('OwnerIdentity');

  constructor(private readonly repository: OwnerIdentityRepository) {}

  async group(source: OwnerMentionSource): Promise<string> {
    const started = Date.now();
    return this.repository.inSession(async (session) => {
      const fingerprint = `v${GROUPING_VERSION}:${await source.fingerprint()}:${await session.decisionsFingerprint()}`;
      if (fingerprint === (await session.lastFingerprint())) return 'Owners are grouped already';
      const decisions = await session.decisions();
      const { mentions, found, stagedSeconds } = await this.find(session, source, decisions);
      const owners = await session.replace({
        ...found,
        rules: RULES,
        merged: mergeTargets(decisions.filter((d) => d.kind === 'merge')),
        decided: new Set(decisions.flatMap((d) => [d.ownerId, d.resultOwnerId])),
      });
      const seconds = (Date.now() - started) / 1000;
      await session.log(fingerprint, mentions, owners, seconds);
      const outcome =
        `${mentions} mentions grouped into ${owners} owners in ${seconds.toFixed(1)} s ` +
        `(read and staged in ${stagedSeconds.toFixed(1)} s, grouped and written in ${(seconds - stagedSeconds).toFixed(1)} s)`;
      this.logger.log(outcome);
      return outcome;
    });
  }

  /**
   * Stages the mentions as they are read and groups them, with staff's splits applied. The grouper
   * (some 45 bytes a mention) lives only here: its memory is given back before the owners are written.
   */
  private async find(
    session: OwnerGroupingSession,
    source: OwnerMentionSource,
    decisions: StoredDecision[],
  ): Promise<{ mentions: number; found: SplitGroups; stagedSeconds: number }> {
    const started = Date.now();
    const grouper = new OwnerGrouper();
    await session.stage(
      (async function* () {
        for await (const mentions of source.mentions()) {
          yield mentions.map((mention) => {
            const n = grouper.add(mention);
            return {
              ...mention,
              ...grouper.lastKeys,
              n,
              person: grouper.isPersonAt(n),
              nameSearch: normalizeOwnerName(mention.name) ?? '',
              mail: mailLine(mention.mail),
            };
          });
        }
      })(),
    );
    const stagedSeconds = (Date.now() - started) / 1000;
    const found = applySplits(grouper, grouper.assign(), decisions);
    grouper.free();
    return { mentions: grouper.size, found, stagedSeconds };
  }
}

/** The groups found with staff's splits applied (see applySplits). */
type SplitGroups = Pick<FoundGroups, 'groupOf' | 'joins' | 'fixed'>;

/**
 * Staff's splits applied to the groups found: the mentions of a split's names at their addresses
 * leave their group for one of their own, numbered after the groups found, with the split's id (a
 * later split of the same names wins). The joins of the groups found stay theirs.
 */
function applySplits(grouper: OwnerGrouper, found: OwnerAssignment, decisions: StoredDecision[]): SplitGroups {
  const splits = decisions.filter((d) => d.kind === 'split');
  const fixed = new Map(splits.map((split, s) => [found.groups + s, split.resultOwnerId]));
  if (splits.length === 0) return { groupOf: found.groupOf, joins: found.joins, fixed };
  const joins = new Int32Array((found.groups + splits.length) * RULES.length);
  joins.set(found.joins);
  const splitKeys = splits.map((split) => split.mentions.map(({ nameKey, mailKey }) => keyNumbers(nameKey, mailKey)));
  for (let i = 0; i < grouper.size; i++) {
    if (found.groupOf[i] < 0) continue;
    const s = splitKeys.findLastIndex((keys) => keys.some((at) => grouper.isAt(i, at)));
    if (s >= 0) found.groupOf[i] = found.groups + s;
  }
  return { groupOf: found.groupOf, joins, fixed };
}
