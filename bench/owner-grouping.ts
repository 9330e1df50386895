/**
 * Section: owner grouping measured on planted truth. The generator plants owners across counties
 * and states under the spellings clerks use, with namesakes who are other owners, and keeps who is
 * who; the grouping (src/modules/owners/owner-grouping.ts) is scored over pairs of parcels:
 * precision and recall, both ≥ 0.95, with the counts behind them. Then a million parcels' owners
 * are streamed into one grouping, timed with this process's peak memory (targets of the grouping
 * at publish: < 60 s, < 300 MB). Run in this process, on the bench's client core.
 */
import { readFileSync } from 'node:fs';
import { readCatalogFile } from '../src/database/seeds/county-catalog.seed';
import { countyRecords, DATASET_COLUMNS } from '../src/dev/synthetic-data/synthetic-dataset';
import { plantedPortfolioOf } from '../src/dev/synthetic-data/synthetic-portfolios';
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

/** The mid-Atlantic states whose counties' files are grouped together: portfolio owners hold across them. */
const REGION = ['DE', 'MD', 'PA', 'VA', 'NJ', 'DC', 'WV'];
const RECORDS_A_COUNTY = 3000;
const MONTH = '2026-11';

/**
 * The generator's county files of a region, every owner in them grouped, scored on the parcels its
 * portfolio owners hold (the truth it keeps): pairs of those parcels, across counties and states,
 * rightly together or apart (namesakes included). Other owners are drawn at random and have no truth.
 */
function groupCountyFiles() {
  const column = (name: string) => DATASET_COLUMNS.indexOf(name);
  const [ID, OWNER, OWNER2, ADDRESS, CITY, STATE, ZIP] = [
    ...['parcel_id', 'owner_name', 'owner2_name', 'mail_address', 'mail_city', 'mail_state', 'mail_zip'],
  ].map(column);
  const counties = readCatalogFile().filter((county) => REGION.includes(county.stateCode));
  const grouper = new OwnerGrouper();
  const planted: number[] = [];
  const truth: number[] = [];
  let records = 0;
  for (const county of counties) {
    for (const record of countyRecords(county, MONTH, { recordsPerCounty: RECORDS_A_COUNTY })) {
      records++;
      const mail = { address: record[ADDRESS], city: record[CITY], state: record[STATE], zip: record[ZIP] };
      const n = grouper.add({ name: record[OWNER], mail });
      if (record[OWNER2]) grouper.add({ name: record[OWNER2], mail });
      const owner = plantedPortfolioOf(county.fips, record[ID], MONTH);
      if (owner !== null) {
        planted.push(n);
        truth.push(owner);
      }
    }
  }
  const { groupOf } = grouper.assign();
  const byGroup = new Map<number, number[]>();
  planted.forEach((n, i) => {
    const members = byGroup.get(groupOf[n]);
    if (members) members.push(i);
    else byGroup.set(groupOf[n], [i]);
  });
  const quality = pairwiseQuality(Int32Array.from(truth), [...byGroup.values()]);
  return { counties: counties.length, records, planted: planted.length, owners: new Set(truth).size, quality };
}

export function benchOwnerGrouping(): Promise<ResultRow[]> {
  // A million parcels first, so that the peak is theirs: owners enough (about six parcels each), the first million of their mentions.
  const million = groupPlanted(MILLION / 4, MILLION);
  const peak = peakRss();
  const scored = groupPlanted(SCORED_OWNERS);
  const files = groupCountyFiles();
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
      'Owner grouping: generated county files',
      `${figure(files.records)} records of ${files.counties} counties in ${REGION.join(', ')}; the ${figure(files.planted)} parcels of ` +
        `${figure(files.owners)} portfolio owners: precision ${share(files.quality.precision)}, recall ${share(files.quality.recall)} ` +
        `(targets ≥ ${TARGETS.quality}: ${verdict(files.quality.precision >= TARGETS.quality && files.quality.recall >= TARGETS.quality)}); ` +
        `${figure(files.quality.truePairs)} pairs rightly together, ${figure(files.quality.falsePairs)} wrongly, ${figure(files.quality.missedPairs)} missed`,
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
