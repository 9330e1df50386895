import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CatalogCountyDto } from './dto/catalog-county.dto';

const byStateThenName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Where a county is, as orders, subscriptions and invoices name it (removed counties keep theirs). */
export interface CountyPlace {
  name: string;
  state: string;
  stateCode: string;
}

/** A county's record as staff edit it and as its data files are made for it. */
export interface CountyRecord extends CountyPlace {
  id: string;
  population: number | null;
  fips: string;
}

const RECORD_COLUMNS = `id, name, state, state_code AS "stateCode", population, fips`;

/** "County, State": how every list, email and invoice names a county. */
export const placeName = (place: CountyPlace): string => `${place.name}, ${place.state}`;

/** Orders places by state, then name, as a reader expects (not by byte order). */
export const compareByStateThenName = (a: CountyPlace, b: CountyPlace): number =>
  byStateThenName.compare(a.state, b.state) || byStateThenName.compare(a.name, b.name);

@Injectable()
export class CountiesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every county on sale, ordered by state then name as a reader expects (not by byte order). */
  async listCatalog(): Promise<CatalogCountyDto[]> {
    const rows: CatalogCountyDto[] = await this.db.query(
      `SELECT id, name, state, state_code AS "stateCode", population, fips
       FROM counties WHERE deleted_at IS NULL`,
    );
    return rows.sort(compareByStateThenName);
  }

  /** The records of these counties, removed ones included, by id. */
  async recordsOf(ids: string[], db: EntityManager = this.db.manager): Promise<Map<string, CountyRecord>> {
    const rows: CountyRecord[] = await db.query(`SELECT ${RECORD_COLUMNS} FROM counties WHERE id = ANY($1::uuid[])`, [
      [...new Set(ids)],
    ]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Every county's record, removed ones included. */
  allRecords(): Promise<CountyRecord[]> {
    return this.db.query(`SELECT ${RECORD_COLUMNS} FROM counties`);
  }

  /** The places of these counties, removed ones included, by id. */
  async placesOf(ids: string[], db: EntityManager = this.db.manager): Promise<Map<string, CountyPlace>> {
    const rows: (CountyPlace & { id: string })[] = await db.query(
      `SELECT id, name, state, state_code AS "stateCode" FROM counties WHERE id = ANY($1::uuid[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map(({ id, ...place }) => [id, place]));
  }

  /** The county's record; a removed county only when asked for (its subscribers keep their data). */
  async findRecord(id: string, options: { includeRemoved: boolean }): Promise<CountyRecord | null> {
    const [row]: CountyRecord[] = await this.db.query(
      `SELECT ${RECORD_COLUMNS} FROM counties WHERE id = $1 AND ($2 OR deleted_at IS NULL)`,
      [id, options.includeRemoved],
    );
    return row ?? null;
  }

  /** The county on sale, locked until the transaction ends. */
  async lockOnSale(db: EntityManager, id: string): Promise<CountyRecord | null> {
    const [row]: CountyRecord[] = await db.query(
      `SELECT ${RECORD_COLUMNS} FROM counties WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    return row ?? null;
  }

  async update(db: EntityManager, id: string, change: Omit<CountyRecord, 'id' | 'fips'>): Promise<CountyRecord> {
    const [[row]]: [CountyRecord[], number] = await db.query(
      `UPDATE counties SET name = $2, state = $3, state_code = $4, population = $5, updated_at = now()
       WHERE id = $1 RETURNING ${RECORD_COLUMNS}`,
      [id, change.name, change.state, change.stateCode, change.population],
    );
    return row;
  }

  /** Off sale; subscriptions, orders and analytics keep its name and state. */
  async remove(db: EntityManager, id: string): Promise<void> {
    await db.query(`UPDATE counties SET deleted_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  /** The counties among these ids that are on sale now (not removed), by id. */
  /** Every county on sale, by id and state code (what the public parcel preview may show). */
  async onSale(): Promise<{ id: string; stateCode: string }[]> {
    return this.db.query(`SELECT id, state_code AS "stateCode" FROM counties WHERE deleted_at IS NULL`);
  }

  async findAvailable(ids: string[]): Promise<Map<string, { name: string; state: string }>> {
    const rows: { id: string; name: string; state: string }[] = await this.db.query(
      `SELECT id, name, state FROM counties WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { name: r.name, state: r.state }]));
  }
}
