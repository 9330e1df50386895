/**
 * Section: owner grouping measured on planted truth. The generator plants owners across counties
 * and states under the spellings clerks use, with namesakes who are other owners, and keeps who is
 * who; the grouping (src/modules/owners/owner-grouping.ts) is scored over pairs of parcels:
 * precision and recall, both ≥ 0.95, with the counts behind them. Run in this process: what is
 * measured is the rules, on the bench's client core.
 */
import { groupOwners, GROUPING_RULES, type GroupingRule } from '../src/modules/owners/owner-grouping';
import { pairwiseQuality, plantedOwners } from '../src/dev/synthetic-data/synthetic-owners';
import { figure, verdict, type ResultRow } from './support/section';

const OWNERS = 30_000;
const TARGET = 0.95;

export function benchOwnerGrouping(): Promise<ResultRow[]> {
  const mentions = plantedOwners(OWNERS);
  const started = performance.now();
  const groups = groupOwners(mentions);
  const seconds = (performance.now() - started) / 1000;
  const quality = pairwiseQuality(
    mentions.map((mention) => mention.owner),
    groups.map((group) => group.mentions),
  );
  const joins: Partial<Record<GroupingRule, number>> = {};
  for (const group of groups)
    for (const [rule, count] of Object.entries(group.evidence) as [GroupingRule, number][])
      joins[rule] = (joins[rule] ?? 0) + count;
  const share = (value: number) => figure(value, 3);
  return Promise.resolve([
    [
      'Owner grouping: planted truth',
      `${figure(OWNERS)} owners holding ${figure(mentions.length)} parcels; grouped into ${figure(groups.length)} owners in ${figure(seconds, 1)} s`,
    ],
    [
      'Owner grouping: precision over pairs of parcels',
      `${share(quality.precision)} (target ≥ ${TARGET}: ${verdict(quality.precision >= TARGET)}); ` +
        `${figure(quality.truePairs)} pairs rightly together, ${figure(quality.falsePairs)} wrongly`,
    ],
    [
      'Owner grouping: recall over pairs of parcels',
      `${share(quality.recall)} (target ≥ ${TARGET}: ${verdict(quality.recall >= TARGET)}); ${figure(quality.missedPairs)} pairs missed`,
    ],
    [
      'Owner grouping: joins by rule',
      (Object.keys(GROUPING_RULES) as GroupingRule[])
        .map((rule) => `${GROUPING_RULES[rule]}: ${figure(joins[rule] ?? 0)}`)
        .join('; '),
    ],
  ]);
}
