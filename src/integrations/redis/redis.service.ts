import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { redisConfig } from '../../config';
import { redisOptionsFromUrl } from './redis-options';

const COMMAND_TIMEOUT_MS = 2000;

/** The process's Redis connections and the store's key names. */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  private readonly connections: Redis[] = [];
  readonly client: Redis;

  constructor(@Inject(redisConfig.KEY) private readonly config: ConfigType<typeof redisConfig>) {
    this.client = this.connect('commands');
  }

  /** A key or channel name under the store's prefix. */
  key(...parts: string[]): string {
    return [this.config.keyPrefix, ...parts].join(':');
  }

  /** A separate connection for SUBSCRIBE, which blocks ordinary commands. */
  createSubscriber(): Redis {
    return this.connect('subscriber');
  }

  private connect(role: string): Redis {
    // While Redis is down, a command fails after this long instead of waiting for it to return.
    const redis = new Redis({ ...redisOptionsFromUrl(this.config.url), commandTimeout: COMMAND_TIMEOUT_MS });
    let healthy = true;
    redis.on('error', (error) => {
      // ioredis retries on its own; say so once per outage, not once per attempt.
      if (healthy) this.logger.warn(`Redis ${role} connection lost: ${error.message}`);
      healthy = false;
    });
    redis.on('ready', () => {
      if (!healthy) this.logger.log(`Redis ${role} connection restored`);
      healthy = true;
    });
    this.connections.push(redis);
    return redis;
  }

  // At shutdown's last step, after the HTTP server has answered the requests in flight, which may still need Redis.
  async onApplicationShutdown(): Promise<void> {
    // QUIT on a connection that is down would wait for it to come back.
    await Promise.all(
      this.connections.map(async (c) => (c.status === 'ready' ? c.quit().catch(() => c.disconnect()) : c.disconnect())),
    );
  }
}
