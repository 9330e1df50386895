import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CountiesRepository, type CountyRecord } from './counties.repository';

/** What staff change of a county on sale, in the caller's transaction, with its record before the change. */
@Injectable()
export class CountyEdits {
  constructor(private readonly counties: CountiesRepository) {}

  /** The county's record before and after the change; null when no county on sale has this id. */
  async edit(
    db: EntityManager,
    id: string,
    change: Omit<CountyRecord, 'id' | 'fips'>,
  ): Promise<{ before: CountyRecord; after: CountyRecord } | null> {
    const before = await this.counties.lockOnSale(db, id);
    if (!before) return null;
    return { before, after: await this.counties.update(db, id, change) };
  }

  /** Takes it off sale (history keeps its name and state); answers its record, or null when none is on sale. */
  async takeOffSale(db: EntityManager, id: string): Promise<CountyRecord | null> {
    const before = await this.counties.lockOnSale(db, id);
    if (before) await this.counties.remove(db, id);
    return before;
  }
}
