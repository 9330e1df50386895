import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CatalogCountyDto } from './dto/catalog-county.dto';

const byStateThenName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

@Injectable()
export class CountiesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every county on sale, ordered by state then name as a reader expects (not by byte order). */
  async listCatalog(): Promise<CatalogCountyDto[]> {
    const rows: CatalogCountyDto[] = await this.db.query(
      `SELECT id, name, state, state_code AS "stateCode", population, fips
       FROM counties WHERE deleted_at IS NULL`,
    );
    return rows.sort((a, b) => byStateThenName.compare(a.state, b.state) || byStateThenName.compare(a.name, b.name));
  }

  /** The counties among these ids that are on sale now (not removed), by id. */
  async findAvailable(ids: string[]): Promise<Map<string, { name: string; state: string }>> {
    const rows: { id: string; name: string; state: string }[] = await this.db.query(
      `SELECT id, name, state FROM counties WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { name: r.name, state: r.state }]));
  }
}
