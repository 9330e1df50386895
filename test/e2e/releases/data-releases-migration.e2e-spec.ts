import { useDatabaseBefore } from '../../support/migration-database';

const MIGRATION = 'DataReleases1764600000000';

describe('Migrating county files into releases', () => {
  // At the schema before releases, as a database upgraded today finds it.
  const database = useDatabaseBefore(MIGRATION);

  it('makes each month of uploaded files a published release, and keeps the generated stand-ins outside releases', async () => {
    const db = database();
    const [first, second] = await db.query(`SELECT id FROM counties ORDER BY fips LIMIT 2`);
    const insert = (countyId: string, release: string, source: string, createdAt: string) =>
      db.query(
        `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts, created_at)
         VALUES ($1, $2, $3, 10, $4, 7, $5, '{"owner_name": 7}', $6) RETURNING id`,
        [countyId, release, `counties/${countyId}/${release}.csv.gz`, 'a'.repeat(64), source, createdAt],
      );
    const [[uploaded], [later], [generated]] = [
      await insert(first.id, '2026-09', 'uploaded', '2026-09-03T10:00:00Z'),
      await insert(second.id, '2026-09', 'uploaded', '2026-09-05T10:00:00Z'),
      await insert(second.id, '2026-10', 'generated', '2026-10-01T00:00:00Z'),
    ];

    await db.runMigrations();

    const releases = await db.query(`SELECT id, month, status, published_at FROM releases`);
    expect(releases).toEqual([
      { id: expect.any(String), month: '2026-09', status: 'published', published_at: new Date('2026-09-03T10:00:00Z') },
    ]);
    const files = await db.query(
      `SELECT id, release_id, published_at FROM county_datasets WHERE id = ANY($1) ORDER BY created_at`,
      [[uploaded.id, later.id, generated.id]],
    );
    expect(files).toEqual([
      { id: uploaded.id, release_id: releases[0].id, published_at: new Date('2026-09-03T10:00:00Z') },
      { id: later.id, release_id: releases[0].id, published_at: new Date('2026-09-05T10:00:00Z') },
      { id: generated.id, release_id: null, published_at: new Date('2026-10-01T00:00:00Z') },
    ]);
    const qaRows = await db.query(
      `SELECT county_id, dataset_id, status, records, key_field_counts FROM release_counties ORDER BY county_id`,
    );
    expect(qaRows).toEqual(
      [
        { county_id: first.id, dataset_id: uploaded.id },
        { county_id: second.id, dataset_id: later.id },
      ]
        .sort((a, b) => a.county_id.localeCompare(b.county_id))
        .map((row) => ({ ...row, status: 'published', records: 7, key_field_counts: { owner_name: 7 } })),
    );
  });
});
