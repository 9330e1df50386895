import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { parseCsv } from '../../../src/common/csv';
import { KEY_FIELDS } from '../../../src/contracts/county-dataset';
import { DATA_FIELDS } from '../../../src/modules/data-schema/data-schema';
import { DatasetStorage } from '../../../src/integrations/storage/dataset-storage';
import { CountyDatasetsRepository } from '../../../src/modules/releases/files/county-datasets.repository';
import type { KeyFieldCounts } from '../../../src/modules/data-schema/reading/key-field-counts';
import { CountyComparisonService } from '../../../src/modules/releases/compare/county-comparison.service';
import { RELEASES_QUEUE } from '../../../src/modules/releases/releases.constants';
import { ReleasesRepository } from '../../../src/modules/releases/releases.repository';
import { ReleasesQueue } from '../../../src/modules/releases/releases-queue.service';
import { eventually } from '../../support/eventually';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

interface County {
  id: string;
  fips: string;
  name: string;
  state_code: string;
}

interface QaRowRecord {
  status: string;
  dataset_id: string;
  change_dataset_id: string | null;
  duplicate_parcel_ids: number | null;
  previous_release: string | null;
  added: number | null;
  removed: number | null;
  changed: number | null;
  changed_fields: Record<string, number> | null;
  flags: string[];
}

const PREVIOUS = '2020-01';
const CURRENT = '2020-02';
const SMALL_HEADER = 'parcel_id,county_fips,owner_name,year_built';

/** A file with every column of the data schema; `last` is the value of its last column. */
const everyColumn = (fips: string, last: (n: number) => string) => [
  DATA_FIELDS.map((field) => field.name).join(','),
  ...[1, 2, 3].map((n) =>
    DATA_FIELDS.map((field, i) =>
      field.name === 'parcel_id'
        ? `W${n}`
        : field.name === 'county_fips'
          ? fips
          : i === DATA_FIELDS.length - 1
            ? last(n)
            : `v${i}`,
    ).join(','),
  ),
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Records filling each key field, as ingest counts them: `""` and nothing are both empty. */
function keyFieldCountsOf(lines: string[]): KeyFieldCounts {
  const [header, ...rows] = parseCsv(`${lines.join('\n')}\n`);
  return Object.fromEntries(
    KEY_FIELDS.map(({ field }) => {
      const at = header.indexOf(field);
      return [field, at === -1 ? 0 : rows.filter((row) => row[at] !== '').length];
    }),
  ) as KeyFieldCounts;
}

/** `count` parcels P001… of a county with an owner and a year built; `owner` may vary them. */
function parcels(fips: string, count: number, owner = (n: number) => `OWNER ${n}`): string[] {
  return Array.from(
    { length: count },
    (_, i) => `P${String(i + 1).padStart(3, '0')},${fips},${owner(i + 1)},${1950 + i}`,
  );
}

describe('Comparing a draft county file with its previous release', () => {
  const context = useTestApp({ worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const storage = () => context.store.app.get(DatasetStorage);
  const releases = () => context.store.app.get(ReleasesRepository);
  const datasets = () => context.store.app.get(CountyDatasetsRepository);
  const queue = () => context.worker!.get<Queue>(getQueueToken(RELEASES_QUEUE), { strict: false });
  let token: string;
  let counties: County[];
  let previousRelease: { id: string };
  let currentRelease: { id: string };

  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${token}`);
  const publish = (id: string, body: object = {}) => admin(api().post(`/api/admin/releases/${id}/publish`)).send(body);
  const place = (county: County) => `${county.name}, ${county.state_code} (${county.fips})`;

  /** Stores a county's file of a release and records it as ingest does: a draft file, checked. */
  async function ingested(
    releaseId: string,
    month: string,
    county: County,
    content: string[] | Buffer,
    facts: { invalidValueCount?: number; records?: number } = {},
  ): Promise<{ datasetId: string; sha256: string }> {
    const bytes = Buffer.isBuffer(content) ? content : gzipSync(`${content.join('\n')}\n`);
    const lines = Buffer.isBuffer(content) ? ['parcel_id'] : content;
    const storageKey = `releases/${month}/counties/${county.fips}.csv.gz`;
    await storage().put(storageKey, bytes);
    const records = facts.records ?? lines.length - 1;
    const file = await datasets().recordDraftFile(db().manager, {
      countyId: county.id,
      release: month,
      releaseId,
      kind: 'full',
      storageKey,
      bytes: bytes.length,
      sha256: sha256(bytes),
      records,
      keyFieldCounts: keyFieldCountsOf(lines),
    });
    await releases().recordChecked(db().manager, {
      releaseId,
      countyId: county.id,
      datasetId: file.id,
      records,
      keyFieldCounts: keyFieldCountsOf(lines),
      invalidValues: facts.invalidValueCount ? { year_built: facts.invalidValueCount } : {},
      invalidValueCount: facts.invalidValueCount ?? 0,
      foreignFipsRows: 0,
    });
    return { datasetId: file.id, sha256: file.sha256 };
  }

  /** Queues the county's comparison as ingest does, and waits for the job to end; answers it. */
  async function compared(county: County, file: { sha256: string }): Promise<Job> {
    await context.store.app.get(ReleasesQueue).queueCompare(currentRelease.id, county.id, file.sha256);
    const jobId = `compare-${currentRelease.id}-${county.id}-${file.sha256}`;
    return eventually(async () => {
      const job = await queue().getJob(jobId);
      // A failed attempt waits (delayed) for its retry: its reason is already known.
      return job && (job.finishedOn || job.failedReason) ? job : undefined;
    }, 20_000);
  }

  const qaRow = async (county: County): Promise<QaRowRecord> =>
    (
      await db().query(
        `SELECT status, dataset_id, change_dataset_id, duplicate_parcel_ids, previous_release::text, added, removed,
           changed, changed_fields, flags FROM release_counties WHERE release_id = $1 AND county_id = $2`,
        [currentRelease.id, county.id],
      )
    )[0];

  const changeFiles = (county: County) =>
    db().query(
      `SELECT id, storage_key, sha256, bytes::int AS bytes, records, key_field_counts, published_at
       FROM county_datasets WHERE county_id = $1 AND release = $2 AND kind = 'changes' AND format = 'csv'`,
      [county.id, CURRENT],
    );

  /** The change file's rows, header first, read back from storage. */
  async function changeFileRows(county: County): Promise<string[][]> {
    const chunks: Buffer[] = [];
    for await (const chunk of storage().read(`releases/${CURRENT}/changes/${county.fips}.csv.gz`)) chunks.push(chunk);
    return parseCsv(gunzipSync(Buffer.concat(chunks)).toString('utf8'));
  }

  // The previous release: the parcels each scenario starts from.
  const changing = () => counties[0];
  const shrinking = () => counties[1];
  const emptying = () => counties[2];
  const unchanged = () => counties[3];
  const invalid = () => counties[4];
  const firstRelease = () => counties[5];
  const replaced = () => counties[6];
  const unreadable = () => counties[7];
  const cutShort = () => counties[8];
  const wide = () => counties[9];
  const shaped = () => counties[10];

  // Parcel boundaries: S1 redrawn from another vertex the other way round and S3's parts in the
  // other order are the same shapes; S2 lost a corner; S4 is gone and S5 new.
  const SHAPED_HEADER = 'parcel_id,county_fips,owner_name,geometry_wkt';
  const shapedBefore = (fips: string) => [
    SHAPED_HEADER,
    `S1,${fips},ADA LOVELACE,"POLYGON((-75.1 38.1,-75.0 38.1,-75.0 38.2,-75.1 38.2,-75.1 38.1))"`,
    `S2,${fips},GRACE HOPPER,"POLYGON((-75.3 38.1,-75.2 38.1,-75.2 38.2,-75.3 38.2,-75.3 38.1))"`,
    `S3,${fips},ALAN TURING,"MULTIPOLYGON(((-75.5 38.1,-75.4 38.1,-75.4 38.2,-75.5 38.1)),((-75.6 38.3,-75.5 38.3,-75.5 38.4,-75.6 38.3)))"`,
    `S4,${fips},EMMY NOETHER,"POLYGON((-75.7 38.1,-75.6 38.1,-75.6 38.2,-75.7 38.1))"`,
  ];
  const shapedAfter = (fips: string) => [
    SHAPED_HEADER,
    `S1,${fips},ADA LOVELACE,"POLYGON((-75.0 38.2,-75.0 38.1,-75.1 38.1,-75.1 38.2,-75.0 38.2))"`,
    `S2,${fips},GRACE HOPPER,"POLYGON((-75.3 38.1,-75.2 38.1,-75.3 38.2,-75.3 38.1))"`,
    `S3,${fips},ALAN TURING,"MULTIPOLYGON(((-75.6 38.3,-75.5 38.3,-75.5 38.4,-75.6 38.3)),((-75.5 38.1,-75.4 38.1,-75.4 38.2,-75.5 38.1)))"`,
    `S5,${fips},KURT GODEL,"POLYGON((-75.9 38.1,-75.8 38.1,-75.8 38.2,-75.9 38.1))"`,
  ];

  const changingBefore = (fips: string) => [
    'parcel_id,county_fips,owner_name,mail_address,year_built,site_city',
    `P01,${fips},ADA LOVELACE,1 MAIN ST,1950,`,
    `P02,${fips},GRACE HOPPER,2 MAIN ST,1951,`,
    `P03,${fips},ALAN TURING,3 MAIN ST,1952,`,
    `P04,${fips},EMMY NOETHER,4 MAIN ST,1953,`,
    `P05,${fips},KURT GODEL,5 MAIN ST,1954,SPRINGFIELD`,
    `P06,${fips},JOHN VON NEUMANN,6 MAIN ST,1955,`,
    `P07,${fips},"SMITH, JOHN",7 MAIN ST,1956,`,
    `P08,${fips},BARBARA LISKOV,8 MAIN ST,1957,`,
    `P09,${fips},DONALD KNUTH,,1958,`,
    `P10,${fips},EDSGER DIJKSTRA,10 MAIN ST,1959,`,
  ];
  // Zoning is new in this release and site_city gone; P02, P03 changed, P04 gained a zoning code,
  // P05 lost its city with the column; P06, P07 removed; P11, P12 added; P08 and P12 repeated.
  const changingAfter = (fips: string) => [
    'parcel_id,county_fips,owner_name,mail_address,year_built,zoning_code',
    `P01,${fips},ADA LOVELACE,1 MAIN ST,1950,`,
    `P02,${fips},GRACE BREWSTER HOPPER,2 MAIN ST,1951,`,
    `P03,${fips},"TURING, ALAN",3 MAIN ST,1912,`,
    `P04,${fips},EMMY NOETHER,4 MAIN ST,1953,R-1`,
    `P05,${fips},KURT GODEL,5 MAIN ST,1954,`,
    `P08,${fips},BARBARA LISKOV,8 MAIN ST,1957,`,
    `P09,${fips},DONALD KNUTH,"",1958,`,
    `P10,${fips},EDSGER DIJKSTRA,10 MAIN ST,1959,`,
    `P08,${fips},SOMEONE ELSE,99 OTHER RD,2001,C-1`,
    `P12,${fips},FRANCES ALLEN,12 MAIN ST,1932,R-2`,
    `P11,${fips},"KATHERINE ""KATE"" JOHNSON",11 MAIN ST,1918,`,
    `P12,${fips},NOT THE FIRST,13 MAIN ST,1999,`,
  ];

  beforeAll(async () => {
    token = (await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200)).body.token;
    counties = await db().query(
      `SELECT id, fips, name, state_code FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 11`,
    );
    previousRelease = (await admin(api().post('/api/admin/releases')).send({ month: PREVIOUS }).expect(201)).body;
    const before: [County, string[]][] = [
      [changing(), changingBefore(changing().fips)],
      [shrinking(), [SMALL_HEADER, ...parcels(shrinking().fips, 20)]],
      [emptying(), [SMALL_HEADER, ...parcels(emptying().fips, 20)]],
      [unchanged(), [SMALL_HEADER, ...parcels(unchanged().fips, 20)]],
      [invalid(), [SMALL_HEADER, ...parcels(invalid().fips, 20)]],
      [replaced(), [SMALL_HEADER, ...parcels(replaced().fips, 20)]],
      [wide(), everyColumn(wide().fips, () => 'same')],
      [shaped(), shapedBefore(shaped().fips)],
    ];
    for (const [county, lines] of before) {
      const file = await ingested(previousRelease.id, PREVIOUS, county, lines);
      await releases().recordCompared(db().manager, {
        releaseId: previousRelease.id,
        countyId: county.id,
        datasetId: file.datasetId,
        changeDatasetId: null,
        duplicateParcelIds: 0,
        previousRelease: null,
        added: null,
        removed: null,
        changed: null,
        changedFields: null,
        flags: [],
      });
    }
    await publish(previousRelease.id).expect(200);
    currentRelease = (await admin(api().post('/api/admin/releases')).send({ month: CURRENT }).expect(201)).body;
  });

  it('counts added, removed and changed parcels, changed fields and duplicates, and writes the change file', async () => {
    const county = changing();
    const job = await compared(county, await ingested(currentRelease.id, CURRENT, county, changingAfter(county.fips)));
    expect(job.failedReason).toBeFalsy();

    const row = await qaRow(county);
    expect(row).toMatchObject({
      status: 'ready',
      previous_release: PREVIOUS,
      added: 2,
      removed: 2,
      changed: 4,
      // P08 and P12 appear twice; each parcel is compared by its first record.
      duplicate_parcel_ids: 2,
      flags: [],
    });
    // site_city counts where the previous file filled it (P05); zoning_code where the current one does (P04).
    expect(row.changed_fields).toEqual({ owner_name: 2, year_built: 1, zoning_code: 1, site_city: 1 });

    const [file] = await changeFiles(county);
    expect(file).toMatchObject({
      id: row.change_dataset_id,
      storage_key: `releases/${CURRENT}/changes/${county.fips}.csv.gz`,
      records: 6 + 2,
      published_at: null,
    });
    expect(file.key_field_counts).toMatchObject({ owner_name: 8, mail_address: 8, year_built: 8, zoning_code: 2 });
    const stored = Buffer.concat(
      await (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of storage().read(file.storage_key)) chunks.push(chunk);
        return chunks;
      })(),
    );
    expect(file).toMatchObject({ sha256: sha256(stored), bytes: stored.length });

    const f = county.fips;
    // Each row typed: what kind of change, and which fields changed (a field the file dropped too: P05's site_city).
    expect(await changeFileRows(county)).toEqual([
      [
        'change',
        'change_types',
        'changed_fields',
        'parcel_id',
        'county_fips',
        'owner_name',
        'mail_address',
        'year_built',
        'zoning_code',
      ],
      ['added', 'added', '', 'P11', f, 'KATHERINE "KATE" JOHNSON', '11 MAIN ST', '1918', ''],
      ['added', 'added', '', 'P12', f, 'FRANCES ALLEN', '12 MAIN ST', '1932', 'R-2'],
      ['changed', 'owner_changed', 'owner_name', 'P02', f, 'GRACE BREWSTER HOPPER', '2 MAIN ST', '1951', ''],
      [
        'changed',
        'owner_changed;other_changed',
        'owner_name;year_built',
        'P03',
        f,
        'TURING, ALAN',
        '3 MAIN ST',
        '1912',
        '',
      ],
      ['changed', 'other_changed', 'zoning_code', 'P04', f, 'EMMY NOETHER', '4 MAIN ST', '1953', 'R-1'],
      ['changed', 'address_changed', 'site_city', 'P05', f, 'KURT GODEL', '5 MAIN ST', '1954', ''],
      // Removed parcels carry their last known record, without the columns their file lacked.
      ['removed', 'removed', '', 'P06', f, 'JOHN VON NEUMANN', '6 MAIN ST', '1955', ''],
      ['removed', 'removed', '', 'P07', f, 'SMITH, JOHN', '7 MAIN ST', '1956', ''],
    ]);
  });

  it('gives the same result when run again, replacing its change file in place', async () => {
    const county = changing();
    const [before] = await changeFiles(county);
    const rowBefore = await qaRow(county);
    await context.worker!.get(CountyComparisonService).compare({ releaseId: currentRelease.id, countyId: county.id });
    const after = await changeFiles(county);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before.id, sha256: before.sha256, records: before.records });
    expect(await qaRow(county)).toEqual(rowBefore);
  });

  it('flags a record count down by more than 10 %', async () => {
    const county = shrinking();
    await compared(
      county,
      await ingested(currentRelease.id, CURRENT, county, [SMALL_HEADER, ...parcels(county.fips, 17)]),
    );
    expect(await qaRow(county)).toMatchObject({
      status: 'ready',
      added: 0,
      removed: 3,
      changed: 0,
      changed_fields: {},
      flags: ['records_down'],
    });
  });

  it('flags a key field filled in more than 5 points fewer records', async () => {
    const county = emptying();
    const lines = [SMALL_HEADER, ...parcels(county.fips, 20, (n) => (n <= 2 ? '' : `OWNER ${n}`))];
    await compared(county, await ingested(currentRelease.id, CURRENT, county, lines));
    expect(await qaRow(county)).toMatchObject({
      status: 'ready',
      added: 0,
      removed: 0,
      changed: 2,
      changed_fields: { owner_name: 2 },
      flags: ['fill_rate_down'],
    });
  });

  it('flags a file in which nothing changed, with a change file of its header alone', async () => {
    const county = unchanged();
    await compared(
      county,
      await ingested(currentRelease.id, CURRENT, county, [SMALL_HEADER, ...parcels(county.fips, 20)]),
    );
    expect(await qaRow(county)).toMatchObject({
      status: 'ready',
      added: 0,
      removed: 0,
      changed: 0,
      duplicate_parcel_ids: 0,
      flags: ['unchanged'],
    });
    expect(await changeFileRows(county)).toEqual([
      ['change', 'change_types', 'changed_fields', ...SMALL_HEADER.split(',')],
    ]);
    expect((await changeFiles(county))[0].records).toBe(0);
  });

  it('compares boundaries as shapes: a ring redrawn is no change, a changed one is, and the change file carries them', async () => {
    const county = shaped();
    await compared(county, await ingested(currentRelease.id, CURRENT, county, shapedAfter(county.fips)));
    expect(await qaRow(county)).toMatchObject({
      status: 'ready',
      added: 1,
      removed: 1,
      changed: 1,
      changed_fields: { geometry: 1 },
    });
    const [header, ...rows] = await changeFileRows(county);
    expect(header).toEqual(['change', 'change_types', 'changed_fields', ...SHAPED_HEADER.split(',')]);
    const after = shapedAfter(county.fips);
    const before = shapedBefore(county.fips);
    const boundary = (line: string) => line.slice(line.indexOf('"') + 1, -1);
    expect(rows.map((row) => [row[0], row[1], row[2], row[3], row[6]])).toEqual([
      ['added', 'added', '', 'S5', boundary(after[4])],
      ['changed', 'geometry_changed', 'geometry_wkt', 'S2', boundary(after[2])],
      ['removed', 'removed', '', 'S4', boundary(before[4])],
    ]);
  });

  it('flags more than 1 % invalid values', async () => {
    const county = invalid();
    // 20 records × 4 columns: one invalid value is 1.25 %.
    const lines = [SMALL_HEADER, ...parcels(county.fips, 20)].map((line) =>
      line.startsWith('P020') ? line.replace(/,\d+$/, ',built long ago') : line,
    );
    await compared(county, await ingested(currentRelease.id, CURRENT, county, lines, { invalidValueCount: 1 }));
    expect(await qaRow(county)).toMatchObject({
      status: 'ready',
      changed: 1,
      changed_fields: { year_built: 1 },
      flags: ['invalid_values'],
    });
  });

  it("compares a county's first release with nothing: no changes, no change file, duplicates still counted", async () => {
    const county = firstRelease();
    const lines = [SMALL_HEADER, ...parcels(county.fips, 5), ...parcels(county.fips, 1)];
    await compared(county, await ingested(currentRelease.id, CURRENT, county, lines));
    expect(await qaRow(county)).toEqual({
      status: 'ready',
      dataset_id: expect.any(String),
      change_dataset_id: null,
      duplicate_parcel_ids: 1,
      previous_release: null,
      added: null,
      removed: null,
      changed: null,
      changed_fields: null,
      flags: [],
    });
    expect(await changeFiles(county)).toEqual([]);
  });

  it('records nothing when the file is replaced while it is compared, and then compares the new file', async () => {
    const county = replaced();
    const first = await ingested(currentRelease.id, CURRENT, county, [SMALL_HEADER, ...parcels(county.fips, 19)]);
    // Staff hold the county's QA row, as an ingest replacing its file does, while the job compares the first file.
    const runner = db().createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    let second: { datasetId: string; sha256: string };
    try {
      await runner.query(`SELECT 1 FROM release_counties WHERE release_id = $1 AND county_id = $2 FOR UPDATE`, [
        currentRelease.id,
        county.id,
      ]);
      await context.store.app.get(ReleasesQueue).queueCompare(currentRelease.id, county.id, first.sha256);
      // The job has compared and now waits for the row, to record its result.
      await eventually(async () => {
        const [waiting] = await db().query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
             AND query LIKE '%FROM release_counties WHERE release_id = $1 AND county_id = $2 FOR UPDATE%'`,
        );
        return waiting.n === 1;
      }, 20_000);
      const bytes = gzipSync(`${[SMALL_HEADER, ...parcels(county.fips, 21)].join('\n')}\n`);
      await storage().put(`releases/${CURRENT}/counties/${county.fips}.csv.gz`, bytes);
      const file = await datasets().recordDraftFile(runner.manager, {
        countyId: county.id,
        release: CURRENT,
        releaseId: currentRelease.id,
        kind: 'full',
        storageKey: `releases/${CURRENT}/counties/${county.fips}.csv.gz`,
        bytes: bytes.length,
        sha256: sha256(bytes),
        records: 21,
        keyFieldCounts: keyFieldCountsOf([SMALL_HEADER, ...parcels(county.fips, 21)]),
      });
      await releases().recordChecked(runner.manager, {
        releaseId: currentRelease.id,
        countyId: county.id,
        datasetId: file.id,
        records: 21,
        keyFieldCounts: file.keyFieldCounts!,
        invalidValues: {},
        invalidValueCount: 0,
        foreignFipsRows: 0,
      });
      second = { datasetId: file.id, sha256: file.sha256 };
      await runner.commitTransaction();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    const stale = await eventually(async () => {
      const job = await queue().getJob(`compare-${currentRelease.id}-${county.id}-${first.sha256}`);
      return job?.finishedOn ? job : undefined;
    }, 20_000);
    expect(stale.returnvalue).toMatch(/was replaced or published during its comparison/);
    expect(await qaRow(county)).toMatchObject({ status: 'checking', added: null, change_dataset_id: null, flags: [] });
    expect(await changeFiles(county)).toEqual([]);
    expect(await storage().size(`releases/${CURRENT}/changes/${county.fips}.csv.gz`)).toBeNull();

    await compared(county, second!);
    expect(await qaRow(county)).toMatchObject({ status: 'ready', added: 1, removed: 0, changed: 0 });
  });

  it('fails a job whose file cannot be read, naming it, and leaves the county being checked', async () => {
    const county = unreadable();
    const job = await compared(
      county,
      await ingested(currentRelease.id, CURRENT, county, Buffer.from('parcel_id\nnot gzip\n'), { records: 1 }),
    );
    expect(job.failedReason).toBe(
      `The file of the county ${county.fips} of release ${CURRENT} (releases/${CURRENT}/counties/${county.fips}.csv.gz) ` +
        'cannot be compared: incorrect header check',
    );
    expect((await qaRow(county)).status).toBe('checking');
    expect(await changeFiles(county)).toEqual([]);
  });

  it('fails a job whose file ends mid-stream, after a readable header, and can compare again', async () => {
    const county = cutShort();
    const whole = gzipSync(`${[SMALL_HEADER, ...parcels(county.fips, 5000)].join('\n')}\n`);
    const job = await compared(
      county,
      await ingested(currentRelease.id, CURRENT, county, whole.subarray(0, whole.length - 100), { records: 5000 }),
    );
    expect(job.failedReason).toBe(
      `The file of the county ${county.fips} of release ${CURRENT} (releases/${CURRENT}/counties/${county.fips}.csv.gz) ` +
        'cannot be compared: unexpected end of file',
    );
    expect((await qaRow(county)).status).toBe('checking');
    // The connection the comparison used is fit for the next one.
    const lines = [SMALL_HEADER, ...parcels(county.fips, 3)];
    await compared(county, await ingested(currentRelease.id, CURRENT, county, lines));
    expect(await qaRow(county)).toMatchObject({ status: 'ready', duplicate_parcel_ids: 0, previous_release: null });
  });

  it('compares files with every column of the data schema', async () => {
    const county = wide();
    const last = DATA_FIELDS[DATA_FIELDS.length - 1].name;
    const lines = everyColumn(county.fips, (n) => (n === 2 ? 'other' : 'same'));
    await compared(county, await ingested(currentRelease.id, CURRENT, county, lines));
    expect(await qaRow(county)).toMatchObject({
      status: 'ready',
      added: 0,
      removed: 0,
      changed: 1,
      changed_fields: { [last]: 1 },
    });
    // Typed over all 270 columns: the last field changed, of no named kind.
    expect((await changeFileRows(county))[1].slice(0, 4)).toEqual(['changed', 'other_changed', last, 'W2']);
  });

  it('refuses to publish the flagged counties until acknowledged, then publishes the change files', async () => {
    const flagged = [shrinking(), emptying(), unchanged(), invalid()];
    const message = (await publish(currentRelease.id, { exclude: [unreadable().id] }).expect(409)).body.message;
    expect(message).toMatch(/^Flagged by the checks: /);
    for (const county of flagged) expect(message).toContain(place(county));
    expect(message).toContain(`${place(shrinking())}: Record count down by more than 10 % from the previous release`);
    for (const county of [changing(), firstRelease(), replaced()]) expect(message).not.toContain(place(county));
    expect((await changeFiles(changing()))[0].published_at).toBeNull();

    await publish(currentRelease.id, {
      exclude: [unreadable().id],
      acknowledge: flagged.map((county) => county.id),
    }).expect(200);
    expect((await changeFiles(changing()))[0].published_at).toBeInstanceOf(Date);
    expect((await qaRow(changing())).status).toBe('published');
  });
});
