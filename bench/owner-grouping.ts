/**
 * Section: owner grouping measured on planted truth. The generator plants owners across counties
 * and states under the spellings clerks use, with namesakes who are other owners, and keeps who is
 * who; the grouping (src/modules/owners/owner-grouping.ts) is scored over pairs of parcels:
 * precision and recall, both ≥ 0.95, with the counts behind them. Then a million parcels' owners
 * are streamed into one grouping, timed with this process's peak memory (targets of the grouping
 * at publish: < 60 s, < 300 MB). Run in this process, on the bench's client core.
 */
import { readFileSync } from 'node:fs';
import { GROUPING_RULES, OwnerGrouper, type GroupingRule } from '../src/modules/owners/owner-grouping';
import { pairwiseQuality, plantedOwnerMentions } from '../src/dev/synthetic-data/synthetic-owners';
import { figure, verdict, type ResultRow } from './support/section';

const SCORED_OWNERS = 30_000;
const MILLION = 1_000_000;
const TARGETS = { quality: 0.95, seconds: 60, rssBytes: 300 * 1024 * 1024 };

/** This process's peak resident memory so far (the kernel's high-water mark), in bytes. */
const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;

/** Owners planted until `parcels` mentions, streamed into a grouping; the truth kept as numbers. */
function groupPlanted(owners: number, parcels = Infinity) {
  const grouper = new OwnerGrouper();
  const truth: number[] = [];
  const started = performance.now();
  for (const mention of plantedOwnerMentions(owners)) {
    if (truth.length === parcels) break;
    grouper.add(mention);
    truth.push(mention.owner);
  }
  const groups = grouper.groups();
  return { groups, truth: Int32Array.from(truth), seconds: (performance.now() - started) / 1000 };
}

export function benchOwnerGrouping(): Promise<ResultRow[]> {
  // A million parcels first, so that the peak is theirs: owners enough (about six parcels each), the first million of their mentions.
  const million = groupPlanted(MILLION / 4, MILLION);
  const peak = peakRss();
  const scored = groupPlanted(SCORED_OWNERS);
  const quality = pairwiseQuality(
    scored.truth,
    scored.groups.map((group) => group.mentions),
  );
  const joins: Partial<Record<GroupingRule, number>> = {};
  for (const group of scored.groups)
    for (const [rule, count] of Object.entries(group.evidence) as [GroupingRule, number][])
      joins[rule] = (joins[rule] ?? 0) + count;
  const share = (value: number) => figure(value, 3);
  const mb = (bytes: number) => `${figure(bytes / 1024 / 1024)} MB`;
  return Promise.resolve([
    [
      'Owner grouping: planted truth',
      `${figure(SCORED_OWNERS)} owners holding ${figure(scored.truth.length)} parcels; grouped into ${figure(scored.groups.length)} owners in ${figure(scored.seconds, 1)} s`,
    ],
    [
      'Owner grouping: precision over pairs of parcels',
      `${share(quality.precision)} (target ≥ ${TARGETS.quality}: ${verdict(quality.precision >= TARGETS.quality)}); ` +
        `${figure(quality.truePairs)} pairs rightly together, ${figure(quality.falsePairs)} wrongly`,
    ],
    [
      'Owner grouping: recall over pairs of parcels',
      `${share(quality.recall)} (target ≥ ${TARGETS.quality}: ${verdict(quality.recall >= TARGETS.quality)}); ${figure(quality.missedPairs)} pairs missed`,
    ],
    [
      'Owner grouping: joins by rule',
      (Object.keys(GROUPING_RULES) as GroupingRule[])
        .map((rule) => `${GROUPING_RULES[rule]}: ${figure(joins[rule] ?? 0)}`)
        .join('; '),
    ],
    [
      'Owner grouping: a million parcels, generated and grouped in one process',
      `${figure(million.truth.length)} parcels into ${figure(million.groups.length)} owners in ${figure(million.seconds, 1)} s ` +
        `(target < ${TARGETS.seconds} s: ${verdict(million.seconds < TARGETS.seconds)}); peak RSS ${mb(peak)} ` +
        `(target < 300 MB: ${verdict(peak < TARGETS.rssBytes)}; the whole process: Node, the generator and the truth included)`,
    ],
  ]);
}
