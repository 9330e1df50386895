import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RedisService } from '../../integrations/redis/redis.service';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';

export type Reachability = 'up' | 'down';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  postgres: Reachability;
  redis: Reachability;
  /** The file store: the DATA_DIR directory is writable, or the STORAGE_URL bucket answers. */
  storage: Reachability;
}

// A health probe must answer quickly even when a dependency hangs.
const PROBE_TIMEOUT_MS = 1000;

async function probe(check: () => Promise<unknown>): Promise<Reachability> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly redis: RedisService,
    private readonly storage: DatasetStorage,
  ) {}

  async report(): Promise<HealthReport> {
    const [postgres, redis, storage] = await Promise.all([
      probe(() => this.db.query('SELECT 1')),
      probe(() => this.redis.client.ping()),
      probe(() => this.storage.checkReachable()),
    ]);
    const ok = postgres === 'up' && redis === 'up' && storage === 'up';
    return { status: ok ? 'ok' : 'unavailable', postgres, redis, storage };
  }
}
