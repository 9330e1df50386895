import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { generateCountyDataset } from './synthetic-dataset';

export interface CountyDataset {
  id: string;
  countyId: string;
  release: string;
  format: string;
  storageKey: string;
  bytes: number;
  sha256: string;
  records: number;
}

const COLUMNS = `id, county_id AS "countyId", release, format, storage_key AS "storageKey", bytes::int AS bytes, sha256, records`;

@Injectable()
export class CountyDatasetsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: DatasetStorage,
  ) {}

  /**
   * A county's file for a release: the recorded one, or — until real files are
   * uploaded — one generated now, stored, and recorded once however many ask at once.
   */
  async ensureRelease(countyId: string, release: string): Promise<CountyDataset> {
    const existing = await this.find(countyId, release);
    if (existing) return existing;
    const [county] = await this.db.query(
      `SELECT fips, name, state_code AS "stateCode", population FROM counties WHERE id = $1`,
      [countyId],
    );
    if (!county) throw new NotFoundException('County not found');
    const { bytes, records } = generateCountyDataset(county, release);
    const storageKey = `counties/${county.fips}/${release}.csv.gz`;
    // Deterministic content: a concurrent request writes the very same bytes.
    await this.storage.put(storageKey, bytes);
    await this.db.query(
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source)
       VALUES ($1, $2, $3, $4, $5, $6, 'generated') ON CONFLICT (county_id, release, format) DO NOTHING`,
      [countyId, release, storageKey, bytes.length, createHash('sha256').update(bytes).digest('hex'), records],
    );
    return (await this.find(countyId, release))!;
  }

  private async find(countyId: string, release: string): Promise<CountyDataset | null> {
    const [row] = await this.db.query(
      `SELECT ${COLUMNS} FROM county_datasets WHERE county_id = $1 AND release = $2 AND format = 'csv.gz'`,
      [countyId, release],
    );
    return row ?? null;
  }
}
