import type { Job } from 'bullmq';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { DatasetStorage } from '../../../src/integrations/storage/dataset-storage';
import { CountyDatasetsRepository } from '../../../src/modules/releases/files/county-datasets.repository';
import { ReleasesProcessor } from '../../../src/modules/releases/releases.processor';
import { ReleasesRepository } from '../../../src/modules/releases/releases.repository';
import type { QaFlag } from '../../../src/modules/releases/releases.constants';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

interface County {
  id: string;
  fips: string;
  name: string;
  state_code: string;
}

describe('Monthly releases: drafts, QA rows and publishing', () => {
  const context = useTestApp({ worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  let token: string;
  let counties: County[];

  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${token}`);
  const createRelease = (month: string) => admin(api().post('/api/admin/releases')).send({ month });
  const publish = (id: string, body: object = {}) => admin(api().post(`/api/admin/releases/${id}/publish`)).send(body);

  /** A county's file in a draft, checked, and (unless told otherwise) compared with these flags. */
  async function draftFile(
    releaseId: string,
    month: string,
    county: County,
    options: { flags?: QaFlag[]; compared?: boolean } = {},
  ): Promise<string> {
    const bytes = gzipSync(`parcel_id,county_fips,owner_name\n001,${county.fips},Ada Lovelace\n`);
    const storageKey = `releases/${month}/counties/${county.fips}.csv.gz`;
    await context.store.app.get(DatasetStorage).put(storageKey, bytes);
    const releases = context.store.app.get(ReleasesRepository);
    const file = await context.store.app.get(CountyDatasetsRepository).recordDraftFile(db().manager, {
      countyId: county.id,
      release: month,
      releaseId,
      kind: 'full',
      storageKey,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      records: 1,
      keyFieldCounts: { owner_name: 1 } as never,
    });
    const facts = { releaseId, countyId: county.id, datasetId: file.id };
    await releases.recordChecked(db().manager, {
      ...facts,
      records: 1,
      keyFieldCounts: { owner_name: 1 } as never,
      invalidValues: {},
      invalidValueCount: 0,
      foreignFipsRows: 0,
    });
    if (options.compared !== false) {
      await releases.recordCompared(db().manager, {
        ...facts,
        changeDatasetId: null,
        duplicateParcelIds: 0,
        previousRelease: null,
        added: null,
        removed: null,
        changed: null,
        changedFields: null,
        flags: options.flags ?? [],
      });
    }
    return file.id;
  }

  const publishedAt = async (datasetId: string): Promise<Date | null> =>
    (await db().query(`SELECT published_at FROM county_datasets WHERE id = $1`, [datasetId]))[0].published_at;

  beforeAll(async () => {
    token = (await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200)).body.token;
    counties = await db().query(
      `SELECT id, fips, name, state_code FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 6`,
    );
  });

  it('creates a draft for a month once, and refuses a second or a malformed month', async () => {
    const res = await createRelease('2031-01').expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      month: '2031-01',
      status: 'draft',
      counties: 0,
      records: 0,
      createdAt: expect.any(String),
      publishedAt: null,
      // Staff prepare months ahead; such a draft says from when it can be published.
      publishableFrom: '2031-01-01',
    });
    expect((await createRelease('2031-01').expect(409)).body.message).toBe('The 2031-01 release exists already');
    expect((await createRelease('2031-13').expect(400)).body.message).toBe(
      'month must be a month as YYYY-MM, for example 2026-12',
    );
    await api().post('/api/admin/releases').send({ month: '2031-02' }).expect(401);
    await api().get('/api/admin/releases').expect(401);
  });

  it('lists releases newest first and shows one QA row per county', async () => {
    const older = (await createRelease('2031-03').expect(201)).body;
    const newer = (await createRelease('2031-04').expect(201)).body;
    await draftFile(newer.id, '2031-04', counties[1]);
    await draftFile(newer.id, '2031-04', counties[0], { flags: ['invalid_values'] });

    const list = (await admin(api().get('/api/admin/releases')).expect(200)).body;
    const months = list.map((release: { month: string }) => release.month);
    expect(months.indexOf('2031-04')).toBeLessThan(months.indexOf('2031-03'));
    expect(list.find((release: { id: string }) => release.id === newer.id)).toMatchObject({ counties: 2, records: 2 });

    const detail = (await admin(api().get(`/api/admin/releases/${newer.id}`)).expect(200)).body;
    expect(detail.release).toMatchObject({ id: newer.id, month: '2031-04', status: 'draft', counties: 2 });
    expect(detail.counties.map((row: { fips: string }) => row.fips)).toEqual(
      [...counties.slice(0, 2)]
        .sort((a, b) => a.state_code.localeCompare(b.state_code) || a.name.localeCompare(b.name))
        .map((county) => county.fips),
    );
    expect(detail.counties.find((row: { countyId: string }) => row.countyId === counties[0].id)).toMatchObject({
      status: 'ready',
      records: 1,
      fillRates: expect.objectContaining({ owner_name: 1 }),
      flags: [{ flag: 'invalid_values', description: 'More than 1 % of the values are not valid for their field' }],
      previousRelease: null,
      added: null,
    });
    expect((await admin(api().get(`/api/admin/releases/${older.id}`)).expect(200)).body.counties).toEqual([]);
    await admin(api().get('/api/admin/releases/00000000-0000-4000-8000-000000000000')).expect(404);
    await admin(api().get('/api/admin/releases/not-an-id')).expect(400);
  });

  it('refuses to publish an empty draft, a county still being checked, or a flagged one not acknowledged', async () => {
    const release = (await createRelease('2024-05').expect(201)).body;
    expect((await publish(release.id).expect(409)).body.message).toBe(
      'The 2024-05 release has no county to publish; ingest its files first',
    );

    const checking = await draftFile(release.id, '2024-05', counties[2], { compared: false });
    const flagged = await draftFile(release.id, '2024-05', counties[3], { flags: ['records_down', 'unchanged'] });
    const place = (county: County) => `${county.name}, ${county.state_code} (${county.fips})`;
    expect((await publish(release.id).expect(409)).body.message).toBe(
      `Still being checked and compared, so not publishable yet: ${place(counties[2])}. Wait for the checks, or exclude them`,
    );
    expect((await publish(release.id, { exclude: [counties[2].id] }).expect(409)).body.message).toBe(
      `Flagged by the checks: ${place(counties[3])}: Record count down by more than 10 % from the previous release, ` +
        'Not a single parcel changed since the previous release. Acknowledge each flagged county to publish it anyway, or exclude it',
    );
    expect(await publishedAt(flagged)).toBeNull();

    const res = await publish(release.id, { exclude: [counties[2].id], acknowledge: [counties[3].id] }).expect(200);
    expect(res.body).toMatchObject({ month: '2024-05', status: 'published', counties: 1, records: 1 });
    expect(await publishedAt(flagged)).toBeInstanceOf(Date);
    expect(await publishedAt(checking)).toBeNull();
    const rows = (await admin(api().get(`/api/admin/releases/${release.id}`)).expect(200)).body.counties;
    expect(
      Object.fromEntries(rows.map((row: { countyId: string; status: string }) => [row.countyId, row.status])),
    ).toEqual({
      [counties[2].id]: 'excluded',
      [counties[3].id]: 'published',
    });

    const [audit] = await db().query(
      `SELECT action, after FROM audit_log WHERE target_id = $1 AND action = 'release.publish'`,
      [release.id],
    );
    expect(audit.after).toMatchObject({
      month: '2024-05',
      status: 'published',
      published_counties: 1,
      excluded: [counties[2].id],
      acknowledged: [counties[3].id],
    });
    expect((await publish(release.id).expect(409)).body.message).toBe('The 2024-05 release is published already');
  });

  it('refuses to publish a month still to come, naming the day it can be, and changes nothing', async () => {
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    const release = (await createRelease(next).expect(201)).body;
    expect(release).toMatchObject({ status: 'draft', publishableFrom: `${next}-01` });
    const file = await draftFile(release.id, next, counties[1]);

    const refused = await publish(release.id).expect(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: `The ${next} release is for a month still to come: it can be published from ${next}-01 (UTC), when buyers' current month becomes ${next}`,
    });
    expect(await publishedAt(file)).toBeNull();
    const detail = (await admin(api().get(`/api/admin/releases/${release.id}`)).expect(200)).body;
    expect(detail.release).toMatchObject({ status: 'draft', publishedAt: null, publishableFrom: `${next}-01` });
    expect(detail.counties.map((row: { status: string }) => row.status)).toEqual(['ready']);
    expect(
      await db().query(`SELECT 1 FROM audit_log WHERE target_id = $1 AND action = 'release.publish'`, [release.id]),
    ).toEqual([]);
    const history = await api().get(`/api/counties/${counties[1].id}/releases`).expect(200);
    expect(history.body.map((row: { release: string }) => row.release)).not.toContain(next);
  });

  it('waits for the files still being ingested', async () => {
    const release = (await createRelease('2024-08').expect(201)).body;
    await draftFile(release.id, '2024-08', counties[0]);
    const [job] = await db().query(
      `INSERT INTO ingest_jobs (release_id, state, gzipped) VALUES ($1, 'running', true) RETURNING id`,
      [release.id],
    );
    expect((await publish(release.id).expect(409)).body.message).toBe(
      '1 file sent to the 2024-08 release is still being ingested; publish once its job is done (GET /api/admin/jobs/{id})',
    );
    await db().query(`UPDATE ingest_jobs SET state = 'completed' WHERE id = $1`, [job.id]);
    await publish(release.id).expect(200);
  });

  it('fails an ingest the queue gave up on, so that it no longer holds its release back', async () => {
    const release = (await createRelease('2024-09').expect(201)).body;
    await draftFile(release.id, '2024-09', counties[1]);
    const stagedKey = `releases/2024-09/incoming/abandoned.upload`;
    const storage = context.store.app.get(DatasetStorage);
    await storage.put(stagedKey, Buffer.from('parcel_id,county_fips\n'));
    const [job] = await db().query(
      `INSERT INTO ingest_jobs (release_id, state, gzipped, staged_key) VALUES ($1, 'running', false, $2) RETURNING id`,
      [release.id, stagedKey],
    );
    await publish(release.id).expect(409);

    // As BullMQ reports a job whose workers died more often than it allows.
    await context
      .worker!.get(ReleasesProcessor)
      .onFailed(
        { name: 'ingest', data: { ingestJobId: job.id }, attemptsMade: 1, opts: { attempts: 5 } } as Job,
        new Error('job stalled more than allowable limit'),
      );
    const [after] = await db().query(`SELECT state, errors, staged_key FROM ingest_jobs WHERE id = $1`, [job.id]);
    expect(after).toEqual({
      state: 'failed',
      errors: ['The ingest failed: job stalled more than allowable limit'],
      staged_key: null,
    });
    expect(await storage.size(stagedKey)).toBeNull();
    await publish(release.id).expect(200);
  });

  it('refuses ids that are not counties of the release, and malformed lists', async () => {
    const release = (await createRelease('2024-06').expect(201)).body;
    await draftFile(release.id, '2024-06', counties[4]);
    expect((await publish(release.id, { exclude: [counties[5].id] }).expect(400)).body.message).toBe(
      `Not counties of the 2024-06 release: ${counties[5].id}`,
    );
    await publish(release.id, { acknowledge: ['nope'] }).expect(400);
    await publish(release.id, { exclude: 'all' }).expect(400);
    await publish('00000000-0000-4000-8000-000000000000').expect(404);
    expect((await admin(api().get(`/api/admin/releases/${release.id}`)).expect(200)).body.release.status).toBe('draft');
  });

  it('publishes nothing when it fails part of the way', async () => {
    const release = (await createRelease('2024-07').expect(201)).body;
    const first = await draftFile(release.id, '2024-07', counties[0]);
    const second = await draftFile(release.id, '2024-07', counties[1]);
    // A failure after the first county's file is published, inside the same transaction.
    await db().query(`
      CREATE FUNCTION fail_second_file() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'storage of the second file failed'; END $$`);
    await db().query(
      `CREATE TRIGGER fail_second_file BEFORE UPDATE OF published_at ON county_datasets
       FOR EACH ROW WHEN (NEW.id = '${second}') EXECUTE FUNCTION fail_second_file()`,
    );
    try {
      await publish(release.id).expect(500);
    } finally {
      await db().query(`DROP TRIGGER fail_second_file ON county_datasets`);
      await db().query(`DROP FUNCTION fail_second_file`);
    }
    expect(await publishedAt(first)).toBeNull();
    expect(await publishedAt(second)).toBeNull();
    const detail = (await admin(api().get(`/api/admin/releases/${release.id}`)).expect(200)).body;
    expect(detail.release).toMatchObject({ status: 'draft', publishedAt: null });
    expect(detail.counties.map((row: { status: string }) => row.status)).toEqual(['ready', 'ready']);

    await publish(release.id).expect(200);
    expect(await publishedAt(first)).toBeInstanceOf(Date);
    expect(await publishedAt(second)).toBeInstanceOf(Date);
  });

  it("takes no one-county upload into a draft's month: the draft's files are ingested", async () => {
    const release = (await createRelease('2026-01').expect(201)).body;
    const county = counties[5];
    const res = await admin(api().post(`/api/admin/counties/${county.id}/datasets?release=2026-01`))
      .set('Content-Type', 'application/gzip')
      .send(gzipSync(`parcel_id,county_fips\n001,${county.fips}\n`))
      .expect(409);
    expect(res.body.message).toBe(
      'The 2026-01 release is a draft: send its files to POST /api/admin/releases/{id}/files, and publish it',
    );
    expect(await db().query(`SELECT 1 FROM county_datasets WHERE county_id = $1`, [county.id])).toEqual([]);
    expect((await admin(api().get(`/api/admin/releases/${release.id}`)).expect(200)).body.counties).toEqual([]);
  });

  it('makes a published release of the month of a one-county upload', async () => {
    const county = counties[4];
    await admin(api().post(`/api/admin/counties/${county.id}/datasets?release=2025-12`))
      .set('Content-Type', 'application/gzip')
      .send(gzipSync(`parcel_id,county_fips,owner_name\n001,${county.fips},Ada\n002,${county.fips},\n`))
      .expect(201);
    const list = (await admin(api().get('/api/admin/releases')).expect(200)).body;
    const release = list.find((r: { month: string }) => r.month === '2025-12');
    expect(release).toMatchObject({ status: 'published', counties: 1, records: 2, publishedAt: expect.any(String) });
    const [row] = (await admin(api().get(`/api/admin/releases/${release.id}`)).expect(200)).body.counties;
    expect(row).toMatchObject({ countyId: county.id, status: 'published', records: 2 });
    expect(row.fillRates.owner_name).toBe(0.5);
  });
});
