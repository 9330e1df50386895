import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ParcelOwnerMentions } from '../../../src/modules/parcels/parcel-owner-mentions';
import { OwnerIdentityService } from '../../../src/modules/owners';
import { eventually } from '../../support/eventually';
import { type OwnerOfParcel, ownersCountyFile } from '../../support/owner-files';
import { buy } from '../../support/purchase';
import { readWithGdal } from '../../support/read-back';
import { signIn } from '../../support/sign-in';
import { WebClient } from '../../support/web-client';
import { monthsAgo } from '../../support/releases';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

const ACME = ['100 Market St', 'Wilmington', 'DE', '19801'];
const DOVER = ['5 Oak Ave', 'Dover', 'DE', '19901'];
const AUSTIN = ['77 Pine Rd', 'Austin', 'TX', '78701'];
const MIAMI = ['12 Bay Dr', 'Miami', 'FL', '33101'];
const ELM = ['9 Elm St', 'Dover', 'DE', '19901'];
const KING_ST = ['200 King St', 'Wilmington', 'DE', '19801'];

/*
 * Issue 36, item 1: at publish, every owner named on a parcel gets an owner id, across counties:
 * spellings of one company or person at one mailing address are one owner, a name at distant
 * mailing addresses is several, and staff's splits and merges stand through later releases.
 */
describe('Owner grouping at publish', () => {
  const context = useTestApp({ worker: true, listen: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  let staffToken: string;
  const counties: Record<'delaware' | 'maryland', { id: string; fips: string }> = {} as never;

  const publish = async (county: { id: string; fips: string }, month: string, owners: OwnerOfParcel[]) => {
    await api()
      .post(`/api/admin/counties/${county.id}/datasets?release=${month}`)
      .set('Authorization', `Bearer ${staffToken}`)
      .set('Content-Type', 'application/gzip')
      .send(ownersCountyFile(county.fips, owners))
      .expect(201);
  };
  const loaded = (month: string, count: number) =>
    eventually(async () => {
      const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM parcel_loads WHERE release = $1`, [month]);
      return n === count;
    }, 60_000);
  const group = () => context.worker!.get(OwnerIdentityService).group(context.worker!.get(ParcelOwnerMentions));
  /** The owner id of each parcel (owner_name), by county role and parcel number, and of its owner2_name. */
  const ownerOf = async (county: { fips: string }, n: number, slot = 1): Promise<string> => {
    const [row] = await db().query(`SELECT owner_id FROM owner_mentions WHERE parcel_key = $1 AND slot = $2`, [
      `${county.fips}P${n}`,
      slot,
    ]);
    return row?.owner_id;
  };

  beforeAll(async () => {
    const { body } = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    staffToken = body.token;
    const rows: { id: string; fips: string }[] = await db().query(
      `SELECT id, fips FROM counties WHERE fips IN ('10001', '24510') ORDER BY fips`,
    );
    [counties.delaware, counties.maryland] = rows;
    await publish(counties.delaware, monthsAgo(2), [
      ['ACME HOLDINGS LLC', '', ACME],
      ['Acme Holdings, L.L.C.', '', ACME],
      ['SMITH JOHN A', '', DOVER],
      ['JOHN A SMITH', '', DOVER],
      ['SMITH JOHN A', '', AUSTIN],
      ['DOE JANE', 'DOE RICHARD', ELM],
    ]);
    await publish(counties.maryland, monthsAgo(2), [
      ['ACME HLDGS LLC', '', ['100 Market Street', 'Wilmington', 'DE', '19801']],
      ['Smith, John A.', '', DOVER],
      ['SMITH JOHN A', '', MIAMI],
      // The same company name at another address in the state: the same company, unless staff know better.
      ['ACME HOLDINGS LLC', '', KING_ST],
    ]);
    await loaded(monthsAgo(2), 2);
    await group();
  });

  it('makes one owner of the spellings of a company at one mailing address, across counties and states', async () => {
    const acme = await ownerOf(counties.delaware, 0);
    expect(acme).toBeDefined();
    expect(await ownerOf(counties.delaware, 1)).toBe(acme);
    expect(await ownerOf(counties.maryland, 0)).toBe(acme);
    expect(await ownerOf(counties.maryland, 3)).toBe(acme);
    const [owner] = await db().query(`SELECT name, kind, parcels, counties, evidence FROM owners WHERE id = $1`, [
      acme,
    ]);
    expect(owner).toMatchObject({ name: 'ACME HOLDINGS LLC', kind: 'entity', parcels: 4, counties: 2 });
    // Why: staff read the rules that joined them.
    expect(Object.keys(owner.evidence).length).toBeGreaterThan(0);
  });

  it('makes one person of "LAST FIRST M" and "FIRST M LAST" at one address, and keeps namesakes far away apart', async () => {
    const john = await ownerOf(counties.delaware, 2);
    expect(await ownerOf(counties.delaware, 3)).toBe(john);
    expect(await ownerOf(counties.maryland, 1)).toBe(john);
    const texan = await ownerOf(counties.delaware, 4);
    const floridian = await ownerOf(counties.maryland, 2);
    expect(new Set([john, texan, floridian]).size).toBe(3);
  });

  it('gives each of two owners of one parcel an owner of their own', async () => {
    const [jane, richard] = [await ownerOf(counties.delaware, 5, 1), await ownerOf(counties.delaware, 5, 2)];
    expect(jane).toBeDefined();
    expect(richard).toBeDefined();
    expect(jane).not.toBe(richard);
  });

  it('keeps owner ids through the next release and new rules, and does not group again what it grouped', async () => {
    const before = await ownerOf(counties.delaware, 0);
    expect(await group()).toBe('Owners are grouped already');
    // A grouping by older rules is done again by the new ones, and keeps the owners' ids.
    await db().query(
      `UPDATE owner_groupings SET fingerprint = regexp_replace(fingerprint, '^v[0-9]+:', 'v0:') WHERE id = (SELECT max(id) FROM owner_groupings)`,
    );
    expect(await group()).toMatch(/^\d+ mentions grouped into \d+ owners/);
    expect(await ownerOf(counties.delaware, 0)).toBe(before);
    // Next month a parcel changes hands; the others stay as they were.
    await publish(counties.delaware, monthsAgo(1), [
      ['ACME HOLDINGS LLC', '', ACME],
      ['ACME HOLDINGS LLC', '', ACME],
      ['SMITH JOHN A', '', DOVER],
      ['JOHN A SMITH', '', DOVER],
      ['SMITH JOHN A', '', AUSTIN],
      ['ROE MARY', '', ELM],
    ]);
    await loaded(monthsAgo(1), 1);
    await group();
    expect(await ownerOf(counties.delaware, 0)).toBe(before);
    expect(await ownerOf(counties.maryland, 0)).toBe(before);
    // The buyer is an owner of her own, not the seller under a new name.
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM owners WHERE name IN ('DOE JANE', 'DOE RICHARD')`);
    expect(n).toBe(0);
  });

  describe('for a County Tracker subscriber of Delaware’s county alone', () => {
    let token: string;
    const ask = (path: string, query: Record<string, string | number> = {}) =>
      api()
        .get(path)
        .query(query)
        .set({ Authorization: `Bearer ${token}` });

    beforeAll(async () => {
      await buy(context.store.server, 'portfolio-alice@example.com', [
        { countyId: counties.delaware.id, purchaseType: 'annual' },
      ]);
      const client = new WebClient(process.env.PUBLIC_URL as string);
      await signIn(client, { email: 'portfolio-alice@example.com' });
      const res = await api().post('/api/tokens').set({ Cookie: client.cookieHeader() }).send({ name: 'owners' });
      token = res.body.token;
    });

    it('finds an owner however spelled, counting what it holds in counties the customer lacks without naming them', async () => {
      const { body } = await ask('/api/v1/owners', { name: 'Acme Hldgs, L.L.C.' }).expect(200);
      const [acme] = body.owners;
      expect(acme).toMatchObject({
        owner_id: await ownerOf(counties.delaware, 0),
        name: 'ACME HOLDINGS LLC',
        kind: 'entity',
        parcels: 2,
        counties: 1,
        parcels_elsewhere: 2,
        counties_elsewhere: 1,
      });
      expect(acme.score).toBeGreaterThan(0.3);
      expect(JSON.stringify(body)).not.toContain('24510');
    });

    it('shows the portfolio in the customer’s counties only: names, addresses, totals, parcels; a parcel names its owner', async () => {
      const acme = await ownerOf(counties.delaware, 0);
      const { body } = await ask(`/api/v1/owners/${acme}`).expect(200);
      expect(body).toMatchObject({
        owner_id: acme,
        name: 'ACME HOLDINGS LLC',
        names: [{ name: 'ACME HOLDINGS LLC', parcels: 2 }],
        mailing_addresses: [{ address: '100 Market St, Wilmington DE 19801', parcels: 2 }],
        totals: { parcels: 2, counties: 1, assessed_total_value: 1 + 1001 },
        counties: [{ county_fips: counties.delaware.fips, state: 'DE', parcels: 2, assessed_total_value: 1002 }],
        elsewhere: { parcels: 2, counties: 1 },
        next: null,
      });
      expect(body.parcels.map((p: { parcel_key: string }) => p.parcel_key)).toEqual([
        `${counties.delaware.fips}P0`,
        `${counties.delaware.fips}P1`,
      ]);
      // Maryland's spelling, address and parcel are not the customer's.
      expect(JSON.stringify(body)).not.toMatch(/HLDGS|Market Street|King St|24510/);
      const parcel = await ask(`/api/v1/parcels/${counties.delaware.fips}P0`).expect(200);
      expect(parcel.body.properties).toMatchObject({ owner_id: acme, owner2_id: null });
      // Pages: one parcel, then the next.
      const first = await ask(`/api/v1/owners/${acme}`, { limit: 1 }).expect(200);
      expect(first.body.parcels).toHaveLength(1);
      const second = await ask(`/api/v1/owners/${acme}`, { limit: 1, cursor: first.body.next }).expect(200);
      expect(second.body.parcels[0].parcel_key).toBe(`${counties.delaware.fips}P1`);
      expect(second.body.next).toBeNull();
    });

    it('answers an owner of other counties only, or no owner, as not found; bad questions with 400', async () => {
      const floridian = await ownerOf(counties.maryland, 2);
      await ask(`/api/v1/owners/${floridian}`).expect(404);
      await ask(`/api/v1/owners/${floridian}/export`, { format: 'csv' }).expect(404);
      await ask('/api/v1/owners/not-an-id').expect(400);
      expect((await ask('/api/v1/owners').expect(400)).body.message).toContain('name must be at least 3 characters');
      await ask('/api/v1/owners', { name: 'acme', limit: 0 }).expect(400);
      await ask(`/api/v1/owners/${await ownerOf(counties.delaware, 0)}`, { cursor: 'nonsense' }).expect(400);
      await ask(`/api/v1/owners/${await ownerOf(counties.delaware, 0)}/export`, { format: 'xlsx' }).expect(400);
    });

    it('exports the portfolio as CSV and GeoJSON files GDAL reads, boundaries included', async () => {
      const acme = await ownerOf(counties.delaware, 0);
      const dir = mkdtempSync(join(tmpdir(), 'portfolio-'));
      try {
        for (const format of ['csv', 'geojson'] as const) {
          const res = await ask(`/api/v1/owners/${acme}/export`, { format })
            .buffer(true)
            .parse((r, done) => {
              const chunks: Buffer[] = [];
              r.on('data', (c: Buffer) => chunks.push(c));
              r.on('end', () => done(null, Buffer.concat(chunks)));
            })
            .expect(200);
          expect(res.headers['content-disposition']).toBe(`attachment; filename="acme-holdings-llc-parcels.${format}"`);
          expect(res.headers['cache-control']).toBe('private, no-store');
          const path = join(dir, `acme.${format}`);
          writeFileSync(path, res.body as Buffer);
          const read = await readWithGdal(path);
          expect(read.featureCount).toBe(2);
          expect(read.features.map((f) => f.properties.parcel_key)).toEqual([
            `${counties.delaware.fips}P0`,
            `${counties.delaware.fips}P1`,
          ]);
          expect(read.features[0].properties).toMatchObject({ owner_id: acme, owner_name: 'ACME HOLDINGS LLC' });
          if (format === 'geojson') {
            expect(read.geometryType).toBe('Multi Polygon');
            expect(read.srs).toBe('EPSG:4326');
          }
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('refuses a customer without County Tracker', async () => {
      const client = new WebClient(process.env.PUBLIC_URL as string);
      await signIn(client, { email: 'portfolio-nobody@example.com' });
      const res = await api().post('/api/tokens').set({ Cookie: client.cookieHeader() }).send({ name: 'x' });
      await api()
        .get('/api/v1/owners')
        .query({ name: 'acme' })
        .set({ Authorization: `Bearer ${res.body.token}` })
        .expect(403);
    });
  });

  describe('staff', () => {
    const staff = (method: 'get' | 'post', path: string) =>
      api()[method](path).set('Authorization', `Bearer ${staffToken}`);

    it('see why an owner is one: every spelling at every address, and the rules that joined them', async () => {
      const { body } = await staff('get', '/api/admin/owners').query({ name: 'acme holdings' }).expect(200);
      const acme = body.owners[0];
      expect(acme).toMatchObject({ name: 'ACME HOLDINGS LLC', parcels: 4, counties: 2 });
      const detail = (await staff('get', `/api/admin/owners/${acme.id}`).expect(200)).body;
      const spelled = detail.spellings.map((s: { name: string; mail: string }) => `${s.name} at ${s.mail}`).sort();
      expect(spelled).toEqual([
        'ACME HLDGS LLC at 100 Market Street, Wilmington DE 19801',
        'ACME HOLDINGS LLC at 100 Market St, Wilmington DE 19801',
        'ACME HOLDINGS LLC at 200 King St, Wilmington DE 19801',
      ]);
      expect(detail.evidence.map((e: { explanation: string }) => e.explanation)).toEqual(
        expect.arrayContaining([
          'same name, same mailing address',
          'same company name, mailing addresses in one state',
        ]),
      );
    });

    it('split an owner, and the split stands through the next release; merge two, and they stay one', async () => {
      const acme = await ownerOf(counties.delaware, 0);
      const detail = (await staff('get', `/api/admin/owners/${acme}`).expect(200)).body;
      const kingStreet = detail.spellings.find((s: { mail: string }) => s.mail.startsWith('200 King'));
      const all = detail.spellings.map(({ nameKey, mailKey }: { nameKey: string; mailKey: string }) => ({
        nameKey,
        mailKey,
      }));
      await staff('post', `/api/admin/owners/${acme}/split`).send({ mentions: all, reason: 'all of it' }).expect(400);
      const { body } = await staff('post', `/api/admin/owners/${acme}/split`)
        .send({ mentions: [{ nameKey: kingStreet.nameKey, mailKey: kingStreet.mailKey }], reason: 'Another company' })
        .expect(200);
      expect(body.message).toMatch(/takes effect when owners are next grouped/);
      await group();
      const split = await ownerOf(counties.maryland, 3);
      expect(split).toBe(body.decision.resultOwnerId);
      expect(await ownerOf(counties.maryland, 0)).toBe(acme);
      expect(await ownerOf(counties.delaware, 0)).toBe(acme);

      const texan = await ownerOf(counties.delaware, 4);
      const john = await ownerOf(counties.delaware, 2);
      await staff('post', `/api/admin/owners/${texan}/merge`).send({ intoOwnerId: texan, reason: 'same' }).expect(400);
      await staff('post', `/api/admin/owners/${texan}/merge`)
        .send({ intoOwnerId: john, reason: 'He moved' })
        .expect(200);
      await group();
      expect(await ownerOf(counties.delaware, 4)).toBe(john);

      // Next month Maryland's file comes again; the rules alone would join King Street's ACME to ACME again.
      await publish(counties.maryland, monthsAgo(1), [
        ['ACME HLDGS LLC', '', ['100 Market Street', 'Wilmington', 'DE', '19801']],
        ['Smith, John A.', '', DOVER],
        ['SMITH JOHN A', '', MIAMI],
        ['ACME HOLDINGS LLC', '', KING_ST],
      ]);
      await loaded(monthsAgo(1), 2);
      await group();
      expect(await ownerOf(counties.maryland, 3)).toBe(split);
      expect(await ownerOf(counties.maryland, 0)).toBe(acme);
      expect(await ownerOf(counties.delaware, 0)).toBe(acme);
      expect(await ownerOf(counties.delaware, 4)).toBe(john);
      const audited = await db().query(`SELECT action FROM audit_log WHERE target_type = 'owner' ORDER BY occurred_at`);
      expect(audited.map((a: { action: string }) => a.action)).toEqual(['owner.split', 'owner.merge']);
      const after = (await staff('get', `/api/admin/owners/${split}`).expect(200)).body;
      expect(after).toMatchObject({ decided: true, decisions: [{ kind: 'split', reason: 'Another company' }] });
    });
  });
});
