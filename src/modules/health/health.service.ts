import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RedisService } from '../../integrations/redis/redis.service';

export type Reachability = 'up' | 'down';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  postgres: Reachability;
  redis: Reachability;
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
  ) {}

  async report(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([
      probe(() => this.db.query('SELECT 1')),
      probe(() => this.redis.client.ping()),
    ]);
    return { status: postgres === 'up' && redis === 'up' ? 'ok' : 'unavailable', postgres, redis };
  }
}
