import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { Pool, type QueryResultRow } from 'pg';
import { databaseConfig } from '../../../config';

/** Connections a process opens to read parcels: lookups are short, a few at a time serve many. */
const POOL_SIZE = 10;
/** A lookup or tile that takes longer is cut off: every one the store asks takes milliseconds. */
const STATEMENT_TIMEOUT_MS = 10_000;
/** How its sessions show in pg_stat_activity, apart from the main pool's. */
export const PARCEL_READER_NAME = 'county-data-store parcels';

/**
 * The parcel store as lookups and tiles read it: a pool of its own on PARCELS_DATABASE_URL (a
 * read replica; DATABASE_URL when unset) whose sessions are read-only, so nothing read through it
 * can ever write, whichever database it names.
 */
@Injectable()
export class ParcelReader implements OnModuleDestroy {
  private readonly pool: Pool;
  private readonly logger = new Logger('ParcelReader');

  constructor(@Inject(databaseConfig.KEY) db: ConfigType<typeof databaseConfig>) {
    this.pool = new Pool({
      connectionString: db.parcelsUrl,
      max: POOL_SIZE,
      application_name: PARCEL_READER_NAME,
      // jit off: compiling a query took 0.3-0.5 s where the lookups' and batches' queries run in milliseconds.
      options: `-c default_transaction_read_only=on -c statement_timeout=${STATEMENT_TIMEOUT_MS} -c jit=off`,
    });
    // An idle connection the server drops (a replica restarting, a failover, an administrator) is
    // reported here; unheard, the event would end the process. The pool opens a new one when asked.
    this.pool.on('error', (error) => this.logger.warn(`An idle parcel store connection was lost: ${error.message}`));
  }

  async rows<T extends QueryResultRow>(sql: string, values: unknown[]): Promise<T[]> {
    return (await this.pool.query<T>(sql, values)).rows;
  }

  onModuleDestroy(): Promise<void> {
    return this.pool.end();
  }
}
