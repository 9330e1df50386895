import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RedisService } from './redis.service';

export interface Limit {
  /** What is counted, e.g. ['checkout', 'ip', address]. */
  key: string[];
  max: number;
  windowSeconds: number;
}

/**
 * Counts attempts in Redis, so every replica shares the count. Each attempt is
 * counted before it is judged, so parallel attempts cannot slip past the limit.
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly redis: RedisService) {}

  /** Counts one attempt; answers how many seconds to wait when over the limit, else 0. */
  async hit(limit: Limit): Promise<number> {
    const key = this.redis.key('rate', ...limit.key);
    const results = await this.redis.client.multi().incr(key).expire(key, limit.windowSeconds, 'NX').ttl(key).exec();
    const count = Number(results?.[0]?.[1]);
    const ttl = Number(results?.[2]?.[1]);
    return count > limit.max ? Math.max(ttl, 1) : 0;
  }

  /** Counts one attempt against each limit; 429 with the wait when any is exceeded. */
  async enforce(message: string, ...limits: Limit[]): Promise<void> {
    const waits = await Promise.all(limits.map((limit) => this.hit(limit)));
    const retryAfter = Math.max(...waits);
    if (retryAfter > 0) throw new HttpException({ message, retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
  }

  async reset(key: string[]): Promise<void> {
    await this.redis.client.del(this.redis.key('rate', ...key));
  }
}
