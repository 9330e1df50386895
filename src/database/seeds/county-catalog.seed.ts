import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { parseCsv } from '../../common/csv';

export const CATALOG_FILE = join(__dirname, 'data', 'county-catalog.csv');

export interface CatalogRow {
  fips: string;
  name: string;
  state: string;
  stateCode: string;
  population: number | null;
}

export function readCatalogFile(file = CATALOG_FILE): CatalogRow[] {
  const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
  if (header.join(',') !== 'fips,name,state,state_code,population') {
    throw new Error(`${file} does not have the catalog columns`);
  }
  return rows.map(([fips, name, state, stateCode, population]) => ({
    fips,
    name,
    state,
    stateCode,
    population: population === '' ? null : Number(population),
  }));
}

/**
 * Adds the catalog's counties that the database does not have yet, by FIPS.
 * A county already present — edited or removed by staff — is left as it is,
 * so running the seed again adds nothing twice and undoes no staff change.
 * Returns how many counties were added.
 */
export async function seedCountyCatalog(dataSource: DataSource, rows = readCatalogFile()): Promise<number> {
  const inserted: unknown[] = await dataSource.query(
    `INSERT INTO counties (fips, name, state, state_code, population)
     SELECT * FROM unnest($1::char(5)[], $2::varchar[], $3::varchar[], $4::char(2)[], $5::integer[])
     ON CONFLICT (fips) DO NOTHING
     RETURNING id`,
    [
      rows.map((r) => r.fips),
      rows.map((r) => r.name),
      rows.map((r) => r.state),
      rows.map((r) => r.stateCode),
      rows.map((r) => r.population),
    ],
  );
  return inserted.length;
}
