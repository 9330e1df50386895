/**
 * Section: owners across counties in a running store. The store is emptied, then filled with the
 * parcels of owners the generator plants across counties and states (src/dev/synthetic-data/
 * synthetic-owners.ts: the spellings clerks use, namesakes who are other owners, a registered
 * agent's address shared by many companies), written straight into the parcel store, a million in
 * 40 counties (an owner's parcels in its home county, one in five in a neighbouring one). The worker groups them as it does after a publish (the parcel-store queue's
 * group-owners job): its time and its peak RSS (targets < 60 s, < 300 MB), and the quality of what
 * it stored (owner_mentions) against the planted truth, over pairs of parcels (≥ 0.95 each). A
 * second million in 40 more counties, grouped again, makes the store of 2 million in which a
 * County Tracker subscriber of 5 counties searches owners by name through the API, one request at a
 * time (/api/v1/owners, target p95 < 100 ms), beside the parcel owner search of the same names
 * (/api/v1/parcels?owner=, a trigram search of the parcels' owner names) as the reference.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Pool, type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { normalizeOwnerName } from '../src/common/search-text';
import { copyText } from '../src/database/copy-text';
import { pairwiseQuality, type PlantedMention, plantedOwnerMentions } from '../src/dev/synthetic-data/synthetic-owners';
import { PARCEL_STORE_QUEUE, ParcelStoreJob } from '../src/modules/parcels/parcels.constants';
import { percentile, peakRss, restartPeakRss, withProcessOnEveryCore, type BenchApp } from './support/bench-app';
import { benchQueue } from './support/bench-queues';
import { figure, verdict, type ResultRow } from './support/section';
import { trackerCustomer } from './support/tracker-customer';

const PARCELS = Number(process.env.OWNER_BENCH_PARCELS ?? 1_000_000);
const COUNTIES_A_MILLION = 40;
/** Planted owners hold about six parcels each. */
const PARCELS_AN_OWNER = 6.5;
const SUBSCRIBED_COUNTIES = 5;
const SEARCHES = 1000;
const TOKENS = 100;
const TARGETS = { quality: 0.95, seconds: 60, rssBytes: 300 * 1024 * 1024, p95Ms: 100 };
const MONTH = '2002-01';

interface County {
  id: string;
  fips: string;
  state: string;
}

/** A number's bits mixed (a 32-bit hash): where an owner lives, which of its parcels lie elsewhere. */
const mix = (value: number) => {
  let h = Math.imul(value ^ (value >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
};

/** An owner's parcels lie in its home county, one in five in one of the next three counties. */
const countyOf = (owner: number, parcel: number, counties: number) => {
  const home = mix(owner) % counties;
  return mix(parcel * 31 + 7) % 5 === 0 ? (home + 1 + (mix(parcel) % 3)) % counties : home;
};

/** A batch of parcels: its counties, and the first names written in each (what searches ask for). */
interface Filled {
  counties: County[];
  namesByCounty: Map<string, string[]>;
}

/**
 * Writes planted parcels `from`..`from + count` into the store (COPY, the state partitions made as
 * needed) with a load recorded for each county, so that grouping's fingerprint changes as after a
 * publish. Parcel n's key is its county's FIPS code and n; its truth is truth[n].
 */
async function fill(
  db: Pool,
  counties: County[],
  mentions: Iterator<PlantedMention>,
  from: number,
  count: number,
  truth: Int32Array,
): Promise<Filled> {
  for (const state of new Set(counties.map((c) => c.state))) {
    await db.query(
      `CREATE TABLE IF NOT EXISTS parcels_${state.toLowerCase()} PARTITION OF parcels FOR VALUES IN ('${state}')`,
    );
  }
  const datasets = new Map(counties.map((c) => [c.id, randomUUID()]));
  const namesByCounty = new Map<string, string[]>(counties.map((c) => [c.id, []]));
  const client: PoolClient = await db.connect();
  try {
    const copy = client.query(
      copyFrom(
        `COPY parcels (parcel_key, record_number, state, county_id, county_fips, release, dataset_id, parcel_id,
           owner_name_search, fields) FROM STDIN`,
      ),
    );
    let batch = '';
    for (let n = from; n < from + count; n++) {
      const next = mentions.next();
      if (next.done) throw new Error('the generator planted fewer parcels than asked');
      const { name, mail, owner } = next.value;
      truth[n] = owner;
      const county = counties[countyOf(owner, n, counties.length)];
      const names = namesByCounty.get(county.id)!;
      if (names.length < 200) names.push(name);
      const fields = {
        parcel_id: String(n),
        county_fips: county.fips,
        site_address: `${n % 9000} MAIN ST`,
        owner_name: name,
        mail_address: mail.address,
        mail_city: mail.city,
        mail_state: mail.state,
        mail_zip: mail.zip,
        assessed_total_value: String(50_000 + (n % 400) * 1000),
      };
      batch +=
        [
          `${county.fips}${n}`,
          '1',
          county.state,
          county.id,
          county.fips,
          MONTH,
          datasets.get(county.id)!,
          String(n),
          copyText(normalizeOwnerName(name) ?? ''),
          copyText(JSON.stringify(fields)),
        ].join('\t') + '\n';
      if (batch.length > 1 << 20) {
        if (!copy.write(batch)) await once(copy, 'drain');
        batch = '';
      }
    }
    copy.end(batch);
    await once(copy, 'finish');
  } finally {
    client.release();
  }
  for (const county of counties) {
    await db.query(
      `INSERT INTO parcel_loads (county_id, county_fips, state, release, dataset_id, sha256, parcels, shapes,
         unreadable_shapes, seconds)
       VALUES ($1, $2, $3, $4, $5, repeat('0', 64), $6, 0, 0, 0)`,
      [county.id, county.fips, county.state, MONTH, datasets.get(county.id), Math.round(count / counties.length)],
    );
  }
  for (const state of new Set(counties.map((c) => c.state))) await db.query(`ANALYZE parcels_${state.toLowerCase()}`);
  return { counties, namesByCounty };
}

/** Queues the worker's grouping and waits for it: its own measure of seconds, and the worker's peak RSS. */
async function groupInWorker(
  app: BenchApp,
  db: Pool,
): Promise<{ seconds: number; mentions: number; owners: number; peak: number; before: number }> {
  const queue = benchQueue(app, PARCEL_STORE_QUEUE);
  const {
    rows: [last],
  } = await db.query<{ id: number | null }>(`SELECT max(id) AS id FROM owner_groupings`);
  const before = restartPeakRss(app.workerPid);
  try {
    const grouping = await withProcessOnEveryCore(app.workerPid, async () => {
      await queue.add(ParcelStoreJob.groupOwners, {}, { removeOnComplete: true, removeOnFail: true });
      const deadline = Date.now() + 20 * 60_000;
      while (Date.now() < deadline) {
        const { rows } = await db.query<{ seconds: number; mentions: number; owners: number }>(
          `SELECT seconds, mentions, owners FROM owner_groupings WHERE id > $1 ORDER BY id DESC LIMIT 1`,
          [last.id ?? 0],
        );
        if (rows[0]) return rows[0];
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error('the owners were not grouped within 20 minutes');
    });
    return { ...grouping, peak: peakRss(app.workerPid), before };
  } finally {
    await queue.close();
  }
}

/** Runs `count` requests one at a time, as the parcel lookups are measured: the 95th percentile of their milliseconds. */
async function p95Of(count: number, request: (i: number) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = performance.now();
    await request(i);
    times.push(performance.now() - at);
  }
  return percentile(times, 0.95);
}

export async function benchOwnerPortfolios(app: BenchApp): Promise<ResultRow[]> {
  const db = new Pool({ connectionString: app.databaseUrl, max: 4 });
  try {
    // The store holds only this section's parcels: earlier sections' counties are let go.
    await db.query(`TRUNCATE parcels, parcel_loads, owner_mentions, owner_names, owners, owner_groupings`);
    const { rows: all } = await db.query<County>(
      `SELECT id, fips, state_code AS state FROM counties WHERE deleted_at IS NULL AND state_code <> 'DE'
       ORDER BY md5(fips) LIMIT $1`,
      [COUNTIES_A_MILLION * 2],
    );
    const perHalf = PARCELS;
    const truth = new Int32Array(PARCELS * 2);
    const mentions = plantedOwnerMentions(Math.ceil((PARCELS * 2) / PARCELS_AN_OWNER) + 1000)[Symbol.iterator]();
    const filling = performance.now();
    const first = await fill(db, all.slice(0, COUNTIES_A_MILLION), mentions, 0, perHalf, truth);
    const filledSeconds = (performance.now() - filling) / 1000;
    const grouped = await groupInWorker(app, db);

    // What the worker stored, against the truth: each parcel's owner id (owner_name's) by parcel number.
    const { rows: stored } = await db.query<{ n: string; owner: string }>(
      `SELECT substr(parcel_key, 6) AS n, owner_id AS owner FROM owner_mentions WHERE slot = 1`,
    );
    const byOwner = new Map<string, number[]>();
    for (const { n, owner } of stored) {
      const members = byOwner.get(owner);
      if (members) members.push(Number(n));
      else byOwner.set(owner, [Number(n)]);
    }
    const quality = pairwiseQuality(truth.subarray(0, perHalf), [...byOwner.values()]);

    await fill(db, all.slice(COUNTIES_A_MILLION), mentions, perHalf, perHalf, truth);
    const regrouped = await groupInWorker(app, db);

    // A subscriber of 5 of the first counties asks for owners by the names written there.
    const subscribed = first.counties.slice(0, SUBSCRIBED_COUNTIES);
    const { tokens } = await trackerCustomer(
      db,
      subscribed.map((c) => c.id),
      { tokens: TOKENS },
    );
    const names = subscribed.flatMap((c) => first.namesByCounty.get(c.id)!);
    let turn = 0;
    const ask = async (path: string) => {
      const res = await fetch(`${app.origin}${path}`, {
        headers: { Authorization: `Bearer ${tokens[turn++ % TOKENS]}` },
      });
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    const name = (i: number) => encodeURIComponent(names[(i * 7919) % names.length]);
    // Warm both (plans, caches) before measuring.
    for (let i = 0; i < 50; i++) await ask(`/api/v1/owners?name=${name(i)}`);
    for (let i = 0; i < 50; i++) await ask(`/api/v1/parcels?owner=${name(i)}&fields=owner_name`);
    const owners = await p95Of(SEARCHES, (i) => ask(`/api/v1/owners?name=${name(i)}`));
    const parcels = await p95Of(SEARCHES, (i) => ask(`/api/v1/parcels?owner=${name(i)}&fields=owner_name`));

    const mb = (bytes: number) => `${figure(bytes / 1024 / 1024)} MB`;
    const share = (value: number) => figure(value, 3);
    return [
      [
        'Owners in the store: planted parcels',
        `${figure(perHalf)} parcels in ${COUNTIES_A_MILLION} counties written into the store in ${figure(filledSeconds, 1)} s, then as many in ${COUNTIES_A_MILLION} more`,
      ],
      [
        'Owners in the store: grouping a million parcels in the worker (the group-owners job)',
        `${figure(grouped.mentions)} owner names into ${figure(grouped.owners)} owners in ${figure(grouped.seconds, 1)} s ` +
          `(target < ${TARGETS.seconds} s: ${verdict(grouped.seconds < TARGETS.seconds)}); worker peak RSS ${mb(grouped.peak)} ` +
          `(${mb(grouped.before)} before; target < 300 MB: ${verdict(grouped.peak < TARGETS.rssBytes)})`,
      ],
      [
        'Owners in the store: what the worker stored against the planted truth, over pairs of parcels',
        `precision ${share(quality.precision)}, recall ${share(quality.recall)} (targets ≥ ${TARGETS.quality}: ` +
          `${verdict(quality.precision >= TARGETS.quality && quality.recall >= TARGETS.quality)}); ${figure(quality.truePairs)} pairs rightly together, ` +
          `${figure(quality.falsePairs)} wrongly, ${figure(quality.missedPairs)} missed`,
      ],
      [
        'Owners in the store: grouping 2 million parcels',
        `${figure(regrouped.mentions)} owner names into ${figure(regrouped.owners)} owners in ${figure(regrouped.seconds, 1)} s; worker peak RSS ${mb(regrouped.peak)}`,
      ],
      [
        `Owner search: /api/v1/owners?name= in a store of 2 million parcels, ${SUBSCRIBED_COUNTIES} counties subscribed, one at a time`,
        `p95 ${figure(owners, 1)} ms (target < ${TARGETS.p95Ms} ms: ${verdict(owners < TARGETS.p95Ms)}); the same names as ` +
          `/api/v1/parcels?owner= (parcels by owner name): p95 ${figure(parcels, 1)} ms, ${figure(parcels / owners, 2)}× the owner search's`,
      ],
    ];
  } finally {
    await db.end();
  }
}
