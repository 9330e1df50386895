import request from 'supertest';
import { parseCsv } from '../../../src/common/csv';
import { buy } from '../../support/purchase';
import { makeRelease, monthsAgo } from '../../support/releases';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

/** The columns of the hand-made change files: the change columns, then a few of the record's. */
const RECORD = ['parcel_id', 'county_fips', 'owner_name', 'site_address', 'assessed_total_value', 'last_sale_price'];
const HEADER = ['change', 'change_types', 'changed_fields', ...RECORD];

type Row = [
  change: string,
  types: string,
  fields: string,
  parcel: string,
  owner: string,
  address: string,
  value: string,
  sale: string,
];

describe('Changes since a release (GET /api/v1/changes)', () => {
  const context = useTestApp({ listen: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const [m0, m1, m2, m3] = [monthsAgo(3), monthsAgo(2), monthsAgo(1), monthsAgo(0)];
  let county: { id: string; fips: string };
  let uncompared: { id: string; fips: string };
  let snapshotOnly: { id: string; fips: string };
  let aliceToken: string;
  let bobToken: string;

  /** A change file as the comparison writes it, from its rows. */
  const changeFile = (fips: string, rows: Row[]) =>
    [
      HEADER,
      ...rows.map(([change, types, fields, parcel, owner, address, value, sale]) => [
        change,
        types,
        fields,
        parcel,
        fips,
        owner,
        address,
        value,
        sale,
      ]),
    ]
      .map((cells) => cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
      .join('\n') + '\n';
  const counted = (rows: Row[], previousRelease: string) => ({
    previousRelease,
    added: rows.filter((r) => r[0] === 'added').length,
    removed: rows.filter((r) => r[0] === 'removed').length,
    changed: rows.filter((r) => r[0] === 'changed').length,
  });
  const changes = (token: string, query: string, accept = 'text/csv') =>
    api().get(`/api/v1/changes?${query}`).set('Authorization', `Bearer ${token}`).set('Accept', accept);
  /** The answer's rows by parcel: change, types and fields, then owner, address, value and sale. */
  const byParcel = (csv: string) => {
    const [header, ...rows] = parseCsv(csv);
    expect(header.slice(0, 3)).toEqual(['change', 'change_types', 'changed_fields']);
    const at = (name: string) => header.indexOf(name);
    return new Map(
      rows.map((row) => [
        row[at('parcel_id')],
        [
          row[0],
          row[1],
          row[2],
          row[at('owner_name')],
          row[at('site_address')],
          row[at('assessed_total_value')],
          row[at('last_sale_price')],
        ].join('|'),
      ]),
    );
  };

  beforeAll(async () => {
    [county, uncompared, snapshotOnly] = await db().query(
      `SELECT id, fips FROM counties WHERE deleted_at IS NULL ORDER BY population NULLS FIRST, fips LIMIT 3`,
    );
    // m1: P1's owner changes, P2 and P4 are added, P3 and P6 removed, P5 revalued.
    const first: Row[] = [
      ['added', 'added', '', 'P2', 'NEW OWNER', '2 OAK ST', '200', ''],
      ['added', 'added', '', 'P4', 'BRIEF OWNER', '4 OAK ST', '400', ''],
      ['changed', 'owner_changed', 'owner_name', 'P1', 'BETTY', '1 MAIN ST', '100', '50000'],
      ['changed', 'value_changed', 'assessed_total_value', 'P5', 'EVE', '5 MAIN ST', '555', ''],
      ['removed', 'removed', '', 'P3', 'CARL', '3 MAIN ST', '300', ''],
      ['removed', 'removed', '', 'P6', 'DORA', '6 MAIN ST', '600', '60000'],
    ];
    // m2: P1 sold, P2's owner changes, P4 removed again, P5 removed, P6 back with another owner, P7's address changes.
    const second: Row[] = [
      ['added', 'added', '', 'P6', 'DORA TRUST', '6 MAIN ST', '600', '60000'],
      ['changed', 'sale_recorded', 'last_sale_price', 'P1', 'BETTY', '1 MAIN ST', '100', '72000'],
      ['changed', 'owner_changed', 'owner_name', 'P2', 'NEWER OWNER', '2 OAK ST', '200', ''],
      ['changed', 'address_changed', 'site_address', 'P7', 'GUS', '7 ELM AVE', '700', ''],
      ['removed', 'removed', '', 'P4', 'BRIEF OWNER', '4 OAK ST', '400', ''],
      ['removed', 'removed', '', 'P5', 'EVE', '5 MAIN ST', '555', ''],
    ];
    // m3: P7's owner changes, P8 removed.
    const third: Row[] = [
      ['changed', 'owner_changed', 'owner_name', 'P7', 'GUS, JR', '7 ELM AVE', '700', ''],
      ['removed', 'removed', '', 'P8', 'HAL "THE" OWNER', '8 MAIN ST', '800', ''],
    ];
    await makeRelease(context.store.app, m0, [
      { countyId: county.id },
      { countyId: uncompared.id },
      { countyId: snapshotOnly.id },
    ]);
    await makeRelease(context.store.app, m1, [
      { countyId: county.id, changes: counted(first, m0), changesCsv: changeFile(county.fips, first) },
      // Published without a comparison: no change file to fold.
      { countyId: uncompared.id },
    ]);
    await makeRelease(context.store.app, m2, [
      { countyId: county.id, changes: counted(second, m1), changesCsv: changeFile(county.fips, second) },
    ]);
    await makeRelease(context.store.app, m3, [
      { countyId: county.id, changes: counted(third, m2), changesCsv: changeFile(county.fips, third) },
    ]);
    await buy(context.store.server, 'changes-alice@example.com', [
      { countyId: county.id, purchaseType: 'annual' },
      { countyId: uncompared.id, purchaseType: 'annual' },
      { countyId: snapshotOnly.id, purchaseType: 'one-time' },
    ]);
    await buy(context.store.server, 'changes-bob@example.com', [{ countyId: snapshotOnly.id, purchaseType: 'annual' }]);
    // The Trackers began in m0's month, so they include every release since.
    await db().query(
      `UPDATE subscriptions SET start_date = $1, expiration_date = $1::timestamptz + interval '1 year' WHERE purchase_type = 'annual'`,
      [`${m0}-15T12:00:00Z`],
    );
    const tokenOf = async (email: string) => {
      const client = new WebClient(process.env.PUBLIC_URL as string);
      await signIn(client, { email });
      return (
        await api().post('/api/tokens').set('Cookie', client.cookieHeader()).send({ name: 'warehouse' }).expect(201)
      ).body.token as string;
    };
    [aliceToken, bobToken] = [await tokenOf('changes-alice@example.com'), await tokenOf('changes-bob@example.com')];
  });

  it('answers each parcel’s net change from the copy at since to the newest release, as CSV', async () => {
    const res = await changes(aliceToken, `county=${county.fips}&since=${m0}`).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers).toMatchObject({ 'cds-since': m0, 'cds-release': m3 });
    expect(res.headers['cds-schema-version']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(byParcel(res.text)).toEqual(
      new Map([
        // Changed twice: both fields, in the record's column order, and both kinds.
        ['P1', 'changed|owner_changed;sale_recorded|owner_name;last_sale_price|BETTY|1 MAIN ST|100|72000'],
        // Added, then changed: still added, with its record now.
        ['P2', 'added|added||NEWER OWNER|2 OAK ST|200|'],
        ['P3', 'removed|removed||CARL|3 MAIN ST|300|'],
        // P4, added and removed again, is absent. P5, changed then removed, carries its last record.
        ['P5', 'removed|removed||EVE|5 MAIN ST|555|'],
        // Removed and back: changed in what differs from the record the copy holds (the owner).
        ['P6', 'changed|owner_changed|owner_name|DORA TRUST|6 MAIN ST|600|60000'],
        ['P7', 'changed|owner_changed;address_changed|owner_name;site_address|GUS, JR|7 ELM AVE|700|'],
        ['P8', 'removed|removed||HAL "THE" OWNER|8 MAIN ST|800|'],
      ]),
    );
    // The header is the newest change file's: every column of the record.
    expect(parseCsv(res.text)[0]).toEqual(HEADER);
  });

  it('answers from a later copy what changed since it, and nothing from the newest', async () => {
    const res = await changes(aliceToken, `county=${county.fips}&since=${m1}`).expect(200);
    expect(byParcel(res.text)).toEqual(
      new Map([
        ['P1', 'changed|sale_recorded|last_sale_price|BETTY|1 MAIN ST|100|72000'],
        ['P2', 'changed|owner_changed|owner_name|NEWER OWNER|2 OAK ST|200|'],
        ['P4', 'removed|removed||BRIEF OWNER|4 OAK ST|400|'],
        ['P5', 'removed|removed||EVE|5 MAIN ST|555|'],
        // The copy at m1 lacks P6: added.
        ['P6', 'added|added||DORA TRUST|6 MAIN ST|600|60000'],
        ['P7', 'changed|owner_changed;address_changed|owner_name;site_address|GUS, JR|7 ELM AVE|700|'],
        ['P8', 'removed|removed||HAL "THE" OWNER|8 MAIN ST|800|'],
      ]),
    );
    const none = await changes(aliceToken, `county=${county.fips}&since=${m3}`).expect(200);
    const [header, ...rows] = parseCsv(none.text);
    expect(header.slice(0, 4)).toEqual(['change', 'change_types', 'changed_fields', 'parcel_id']);
    expect(rows).toEqual([]);
    expect(none.headers['cds-release']).toBe(m3);
    expect(none.headers['cds-schema-version']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('answers newline-delimited JSON when asked, and only the types asked for', async () => {
    const res = await changes(
      aliceToken,
      `county=${county.fips}&since=${m0}&types=owner_changed,removed`,
      'application/x-ndjson',
    ).expect(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    const rows = res.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((row) => row.parcel_id).sort()).toEqual(['P1', 'P3', 'P5', 'P6', 'P7', 'P8']);
    const p1 = rows.find((row) => row.parcel_id === 'P1')!;
    expect(Object.keys(p1)).toEqual(HEADER);
    expect(p1).toMatchObject({
      change: 'changed',
      change_types: ['owner_changed', 'sale_recorded'],
      changed_fields: ['owner_name', 'last_sale_price'],
      owner_name: 'BETTY',
      last_sale_price: '72000',
    });
    expect(rows.find((row) => row.parcel_id === 'P3')).toMatchObject({
      change: 'removed',
      change_types: ['removed'],
      changed_fields: [],
      last_sale_price: null,
    });
    const sales = await changes(aliceToken, `county=${county.fips}&since=${m0}&types=sale_recorded`).expect(200);
    expect([...byParcel(sales.text).keys()]).toEqual(['P1']);
  });

  it('refuses what the token’s owner may not have, and says why', async () => {
    const refused = async (token: string, query: string, status: number) =>
      (await changes(token, query).expect(status)).body.message as string;
    expect(await refused(bobToken, `county=${county.fips}&since=${m0}`, 403)).toBe(
      `You hold no subscription for county ${county.fips}`,
    );
    expect(await refused(aliceToken, `county=${snapshotOnly.fips}&since=${m0}`, 403)).toBe(
      `Changes since a release come with County Tracker; your subscription for county ${snapshotOnly.fips} is a County SnapShot`,
    );
    expect(await refused(aliceToken, `county=${county.fips}&since=${monthsAgo(4)}`, 403)).toBe(
      `Your County Tracker for county ${county.fips} includes releases from ${m0}: ask for the changes since one of them`,
    );
    expect(await refused(aliceToken, `county=${county.fips}&since=${monthsAgo(-1)}`, 404)).toBe(
      `The county has no published release ${monthsAgo(-1)}`,
    );
    expect(await refused(aliceToken, `county=${uncompared.fips}&since=${m0}`, 409)).toBe(
      `The changes since ${m0} cannot be put together: the county's ${m1} release has no change file. Download its full file instead`,
    );
    // Bob's Tracker of the county has no release since it began but m0's: from m0, nothing changed.
    await changes(bobToken, `county=${snapshotOnly.fips}&since=${m0}`).expect(200);
  });

  it('refuses malformed questions with 400, an Accept it cannot answer with 406, and no token with 401', async () => {
    const message = async (query: string) => (await changes(aliceToken, query).expect(400)).body.message as string[];
    expect(await message(`since=${m0}`)).toContain('county must be a five-digit county FIPS code');
    expect(await message(`county=${county.fips}&since=latest`)).toContain(
      'since must be a monthly release as YYYY-MM, for example 2026-09',
    );
    expect(await message(`county=${county.fips}&since=${m0}&types=owner_changed,moved`)).toContain(
      'types must be a comma-separated list of added, removed, owner_changed, sale_recorded, value_changed, address_changed, geometry_changed, other_changed',
    );
    const json = await changes(aliceToken, `county=${county.fips}&since=${m0}`, 'application/json').expect(406);
    expect(json.body.message).toBe('Changes are answered as text/csv or application/x-ndjson: ask for one in Accept');
    await api().get(`/api/v1/changes?county=${county.fips}&since=${m0}`).expect(401);
  });
});
