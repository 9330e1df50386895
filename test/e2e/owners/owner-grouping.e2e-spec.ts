import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { ParcelOwnerMentions } from '../../../src/modules/parcels/parcel-owner-mentions';
import { OwnerIdentityService } from '../../../src/modules/owners';
import { eventually } from '../../support/eventually';
import { monthsAgo } from '../../support/releases';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

const HEADER = 'parcel_id,county_fips,site_address,owner_name,owner2_name,mail_address,mail_city,mail_state,mail_zip';
const ACME = ['100 Market St', 'Wilmington', 'DE', '19801'];
const DOVER = ['5 Oak Ave', 'Dover', 'DE', '19901'];
const AUSTIN = ['77 Pine Rd', 'Austin', 'TX', '78701'];
const MIAMI = ['12 Bay Dr', 'Miami', 'FL', '33101'];
const ELM = ['9 Elm St', 'Dover', 'DE', '19901'];

type Owner = [name: string, name2: string, mail: string[]];

/** A county file of these owners, parcel n numbered n. */
const countyFile = (fips: string, owners: Owner[]) =>
  gzipSync(
    [
      HEADER,
      ...owners.map(([name, name2, mail], n) =>
        [`P-${n}`, fips, `${n} Main St`, name, name2, ...mail].map((v) => `"${v}"`).join(','),
      ),
      '',
    ].join('\n'),
  );

/*
 * Issue 36, item 1: at publish, every owner named on a parcel gets an owner id, across counties:
 * spellings of one company or person at one mailing address are one owner, a name at distant
 * mailing addresses is several, and staff's splits and merges stand through later releases.
 */
describe('Owner grouping at publish', () => {
  const context = useTestApp({ worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  let staffToken: string;
  const counties: Record<'delaware' | 'maryland', { id: string; fips: string }> = {} as never;

  const publish = async (county: { id: string; fips: string }, month: string, owners: Owner[]) => {
    await api()
      .post(`/api/admin/counties/${county.id}/datasets?release=${month}`)
      .set('Authorization', `Bearer ${staffToken}`)
      .set('Content-Type', 'application/gzip')
      .send(countyFile(county.fips, owners))
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
    ]);
    await loaded(monthsAgo(2), 2);
    await group();
  });

  it('makes one owner of the spellings of a company at one mailing address, across counties and states', async () => {
    const acme = await ownerOf(counties.delaware, 0);
    expect(acme).toBeDefined();
    expect(await ownerOf(counties.delaware, 1)).toBe(acme);
    expect(await ownerOf(counties.maryland, 0)).toBe(acme);
    const [owner] = await db().query(`SELECT name, kind, parcels, counties, evidence FROM owners WHERE id = $1`, [
      acme,
    ]);
    expect(owner).toMatchObject({ name: 'ACME HOLDINGS LLC', kind: 'entity', parcels: 3, counties: 2 });
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

  it('keeps owner ids through the next release, and does not group again what it grouped', async () => {
    const before = await ownerOf(counties.delaware, 0);
    expect(await group()).toBe('Owners are grouped already');
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
});
