import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { buffer, text } from 'node:stream/consumers';
import request from 'supertest';
import { parseCsv } from '../../../src/common/csv';
import { countyRecords, csvLine, DATASET_COLUMNS } from '../../../src/dev/synthetic-data/synthetic-dataset';
import { CHANGE_TYPES, changeTypeOf } from '../../../src/modules/data-schema';
import type { CountyForDataset } from '../../../src/modules/releases/files/dataset-generator';
import { syntheticSourceFile } from '../../../src/dev/synthetic-data/synthetic-source-file';
import { DatasetStorage } from '../../../src/integrations/storage/dataset-storage';
import { changeRowLines, changeRowsKey } from '../../../src/modules/releases/changes/change-rows';
import { binaryBody } from '../../support/binary-body';
import { eventually } from '../../support/eventually';
import { awaitMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { signIn } from '../../support/sign-in';
import { WebClient } from '../../support/web-client';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

type County = CountyForDataset & { id: string };

const PARCEL = DATASET_COLUMNS.indexOf('parcel_id');

/** What changed in a county between two synthetic months, by parcel, as the generator made it. */
function expectedChanges(county: County, before: string, after: string) {
  const lines = (month: string) =>
    new Map([...countyRecords(county, month)].map((record) => [record[PARCEL], csvLine(record)]));
  const [old, next] = [lines(before), lines(after)];
  return {
    records: next.size,
    added: [...next.keys()].filter((parcel) => !old.has(parcel)).length,
    removed: [...old.keys()].filter((parcel) => !next.has(parcel)).length,
    changed: [...next].filter(([parcel, line]) => old.has(parcel) && old.get(parcel) !== line).length,
  };
}

/** Each changed parcel's changed fields and their kinds, as the generator made them: `parcel → "types|fields"`. */
function expectedTypedChanges(county: County, before: string, after: string): Map<string, string> {
  const records = (month: string) =>
    new Map([...countyRecords(county, month)].map((record) => [record[PARCEL], record]));
  const [old, next] = [records(before), records(after)];
  const typed = new Map<string, string>();
  for (const [parcel, record] of next) {
    const previous = old.get(parcel);
    if (!previous) continue;
    const fields = DATASET_COLUMNS.filter((_, i) => record[i] !== previous[i]);
    if (fields.length === 0) continue;
    const types = CHANGE_TYPES.filter((type) => fields.some((field) => changeTypeOf(field) === type));
    typed.set(parcel, `${types.join(';')}|${fields.join(';')}`);
  }
  return typed;
}

/**
 * Each parcel's net change over synthetic months, as GET /api/v1/changes answers it:
 * `parcel → "change|types|fields|owner"`. A parcel present at both ends lists the fields each
 * month changed, and, removed and back, those that differ from its record before the removal.
 */
function expectedNetChanges(county: County, months: string[]): Map<string, string> {
  const owner = DATASET_COLUMNS.indexOf('owner_name');
  const byMonth = months.map(
    (month) => new Map([...countyRecords(county, month)].map((record) => [record[PARCEL], record])),
  );
  const differing = (a: string[], b: string[]) => DATASET_COLUMNS.filter((_, i) => a[i] !== b[i]);
  const net = new Map<string, string>();
  for (const parcel of new Set(byMonth.flatMap((records) => [...records.keys()]))) {
    const records = byMonth.map((month) => month.get(parcel));
    const [first, last] = [records[0], records.at(-1)];
    const lastRecord = records.findLast((record) => record)!;
    if (!first && last) net.set(parcel, `added|added||${last[owner]}`);
    if (first && !last) net.set(parcel, `removed|removed||${lastRecord[owner]}`);
    if (!first || !last) continue;
    const fields = new Set<string>();
    records.forEach((record, i) => {
      const before = records[i - 1];
      if (i > 0 && record && before) differing(before, record).forEach((f) => fields.add(f));
    });
    const goneAt = records.findLastIndex((record) => !record);
    if (goneAt > 0) differing(records[goneAt - 1]!, last).forEach((f) => fields.add(f));
    if (fields.size === 0) continue;
    const ordered = DATASET_COLUMNS.filter((f) => fields.has(f));
    const types = CHANGE_TYPES.filter((type) => ordered.some((field) => changeTypeOf(field) === type));
    net.set(parcel, `changed|${types.join(';')}|${ordered.join(';')}|${last[owner]}`);
  }
  return net;
}

describe('A month of synthetic data through the whole release pipeline', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  let token: string;
  let counties: County[];

  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${token}`);

  /** A draft of the month, its synthetic national file ingested and every county compared. */
  async function ingestMonth(month: string) {
    const release = (await admin(api().post('/api/admin/releases')).send({ month }).expect(201)).body;
    const file = gzipSync(Buffer.from(await text(syntheticSourceFile(counties, month))));
    const job = (
      await admin(api().post(`/api/admin/releases/${release.id}/files`))
        .set('Content-Type', 'application/gzip')
        .send(file)
        .expect(202)
    ).body;
    await eventually(async () => {
      const state = (await admin(api().get(`/api/admin/jobs/${job.id}`)).expect(200)).body.state;
      if (state === 'failed') throw new Error('the ingest failed');
      return state === 'completed';
    }, 60_000);
    return eventually(async () => {
      const detail = (await admin(api().get(`/api/admin/releases/${release.id}`)).expect(200)).body;
      const ready = detail.counties.length === counties.length;
      return ready && detail.counties.every((row: { status: string }) => row.status === 'ready') && detail;
    }, 60_000);
  }

  beforeAll(async () => {
    token = (await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200)).body.token;
    counties = await context.store.db.query(
      `SELECT id, fips, name, state_code AS "stateCode", population FROM counties
       WHERE state_code = 'DE' AND deleted_at IS NULL ORDER BY fips`,
    );
  });

  it('ingests, compares, publishes and tells a County Tracker subscriber what changed, with the change file', async () => {
    const first = await ingestMonth('2026-09');
    expect(first.counties.map((row: { previousRelease: string | null }) => row.previousRelease)).toEqual(
      counties.map(() => null),
    );
    await admin(api().post(`/api/admin/releases/${first.release.id}/publish`))
      .send({})
      .expect(200);

    const [county] = counties;
    const email = 'tracker-pipeline@example.com';
    await buy(context.store.server, email, [{ countyId: county.id, purchaseType: 'annual' }]);

    const second = await ingestMonth('2026-10');
    for (const row of second.counties) {
      const expected = expectedChanges(
        counties.find((c) => c.id === row.countyId)!,
        '2026-09',
        '2026-10',
      );
      expect(row).toMatchObject({ ...expected, previousRelease: '2026-09', duplicateParcelIds: 0, flags: [] });
      // The synthetic churn is a few percent a month, and every kind of change occurs.
      expect(expected.added + expected.removed + expected.changed).toBeGreaterThan(0);
    }
    await admin(api().post(`/api/admin/releases/${second.release.id}/publish`))
      .send({})
      .expect(200);

    const counts = expectedChanges(county, '2026-09', '2026-10');
    const [mail] = await awaitMessages(context.environment.env.MAIL_OUTBOX_DIR, 'tracker-release-', 1);
    expect(mail.text).toContain(
      `parcels added ${counts.added.toLocaleString('en-US')}, removed ${counts.removed.toLocaleString('en-US')}, ` +
        `changed ${counts.changed.toLocaleString('en-US')}`,
    );
    const changeLink = mail.text!.match(/https?:\/\/\S+kind=changes/)![0];
    const redirect = await api()
      .get(new URL(changeLink).pathname + new URL(changeLink).search)
      .expect(302);
    const file = await api()
      .get(new URL(redirect.headers.location).pathname)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const [header, ...rows] = parseCsv(gunzipSync(file.body as Buffer).toString('utf8')).filter((r) => r.length > 1);
    expect(header).toEqual(['change', 'change_types', 'changed_fields', ...DATASET_COLUMNS]);
    // Every changed parcel typed as the generator changed it: which fields, and what kind of change they make.
    const typed = expectedTypedChanges(county, '2026-09', '2026-10');
    const changedRows = rows.filter((row) => row[0] === 'changed');
    expect(new Map(changedRows.map((row) => [row[3], `${row[1]}|${row[2]}`]))).toEqual(typed);
    // The synthetic month sells parcels, changes owners and revalues: each kind occurs.
    const kinds = new Set(changedRows.flatMap((row) => row[1].split(';')));
    for (const kind of ['owner_changed', 'sale_recorded', 'value_changed'])
      expect([kind, kinds.has(kind)]).toEqual([kind, true]);
    expect(rows.filter((row) => row[0] !== 'changed').every((row) => row[1] === row[0] && row[2] === '')).toBe(true);
    const byKind = (kind: string) => rows.filter((row) => row[0] === kind).length;
    expect({ added: byKind('added'), removed: byKind('removed'), changed: byKind('changed') }).toEqual({
      added: counts.added,
      removed: counts.removed,
      changed: counts.changed,
    });
  });

  it('brings a County Tracker subscriber’s copy of two months ago up to date with one stream of net changes', async () => {
    const third = await ingestMonth('2026-11');
    await admin(api().post(`/api/admin/releases/${third.release.id}/publish`))
      .send({})
      .expect(200);
    const [county] = counties;
    // The Tracker bought in the first test began while 2026-09 was the county's release.
    await context.store.db.query(
      `UPDATE subscriptions SET start_date = '2026-09-15T12:00:00Z', expiration_date = '2027-09-15T12:00:00Z'
       WHERE purchase_type = 'annual'`,
    );
    const client = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(client, { email: 'tracker-pipeline@example.com' });
    const token = (
      await api().post('/api/tokens').set('Cookie', client.cookieHeader()).send({ name: 'warehouse' }).expect(201)
    ).body.token as string;
    const res = await api()
      .get(`/api/v1/changes?county=${county.fips}&since=2026-09`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.headers['cds-release']).toBe('2026-11');
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual(['change', 'change_types', 'changed_fields', ...DATASET_COLUMNS]);
    const owner = header.indexOf('owner_name');
    const answered = new Map(rows.map((row) => [row[3], `${row[0]}|${row[1]}|${row[2]}|${row[owner]}`]));
    const expected = expectedNetChanges(county, ['2026-09', '2026-10', '2026-11']);
    expect(answered).toEqual(expected);
    // Every kind of net change occurs in two synthetic months.
    expect(new Set([...expected.values()].map((line) => line.split('|')[0]))).toEqual(
      new Set(['added', 'removed', 'changed']),
    );
    // What the stream folded: each change file's row index, stored beside it by the comparison, as the file itself gives it.
    const storage = context.store.app.get(DatasetStorage);
    const changeFiles: { storage_key: string; sha256: string }[] = await context.store.db.query(
      `SELECT storage_key, sha256 FROM county_datasets WHERE county_id = $1 AND kind = 'changes' AND format = 'csv'`,
      [county.id],
    );
    expect(changeFiles).toHaveLength(2);
    for (const file of changeFiles) {
      const stored = gunzipSync(await buffer(storage.read(changeRowsKey(file.storage_key, file.sha256))));
      const made = await buffer(storage.read(file.storage_key).pipe(createGunzip()).pipe(changeRowLines()));
      expect(stored.toString()).toBe(made.toString());
      expect(stored.toString().split('\n')[0]).toMatch(/^1\t\S+\t(added|changed|removed)\t/);
    }
  });
});
