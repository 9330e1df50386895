import { undoMigrationsThrough, useDatabaseBefore } from '../../support/migration-database';

const MIGRATION = 'DatasetFormats1764900000000';

describe('Migrating county files to a kind and a format', () => {
  // At the schema before formats, as a database upgraded today finds it.
  const database = useDatabaseBefore(MIGRATION);

  it("turns 'csv.gz' into a full CSV and 'changes.csv.gz' into a change file's CSV, one file per county, release, kind and format", async () => {
    const db = database();
    const [county] = await db.query(`SELECT id FROM counties ORDER BY fips LIMIT 1`);
    const insert = (format: string, source = 'uploaded') =>
      db.query(
        `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts, format)
         VALUES ($1, '2026-09', $2, 10, $3, 7, $4, '{}', $5) RETURNING id`,
        [county.id, `counties/x/${format}-${source}`, 'a'.repeat(64), source, format],
      );
    const [[full], [changes], [generated]] = [
      await insert('csv.gz'),
      await insert('changes.csv.gz'),
      await insert('csv.gz', 'generated'),
    ];

    await db.runMigrations();

    const files = await db.query(`SELECT id, kind, format FROM county_datasets WHERE id = ANY($1) ORDER BY kind`, [
      [full.id, changes.id, generated.id],
    ]);
    expect(files).toEqual(
      expect.arrayContaining([
        { id: full.id, kind: 'full', format: 'csv' },
        { id: generated.id, kind: 'full', format: 'csv' },
        { id: changes.id, kind: 'changes', format: 'csv' },
      ]),
    );
    // The partial unique indexes hold: a second staff CSV of the same county, release and kind is refused
    // (files recorded now say their schema version: a later migration's column).
    await expect(
      db.query(
        `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, format, schema_version)
         VALUES ($1, '2026-09', 'counties/x/again', 10, $2, 7, 'uploaded', 'csv', '1.1.0')`,
        [county.id, 'a'.repeat(64)],
      ),
    ).rejects.toThrow(/county_datasets_staff_file/);
    // A converted file names the CSV it was made from; a format the store does not make is refused.
    await expect(
      db.query(
        `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, format, schema_version)
         VALUES ($1, '2026-09', 'x.gpkg', 10, $2, 7, 'uploaded', 'gpkg', '1.1.0')`,
        [county.id, 'b'.repeat(64)],
      ),
    ).rejects.toThrow(/county_datasets_derivation/);
    await expect(
      db.query(
        `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, format,
           derived_from, derived_from_sha256, schema_version)
         VALUES ($1, '2026-10', 'x.xlsx', 10, $2, 7, 'uploaded', 'xlsx', $3, $4, '1.1.0')`,
        [county.id, 'b'.repeat(64), full.id, 'a'.repeat(64)],
      ),
    ).rejects.toThrow(/county_datasets_format/);
  });

  it('undoes itself: the old format names come back', async () => {
    const db = database();
    await undoMigrationsThrough(db, MIGRATION);
    const formats = await db.query(`SELECT DISTINCT format FROM county_datasets ORDER BY format`);
    expect(formats).toEqual([{ format: 'changes.csv.gz' }, { format: 'csv.gz' }]);
    await db.runMigrations();
  });
});
