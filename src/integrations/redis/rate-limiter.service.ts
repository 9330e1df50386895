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

  /**
   * Counts one attempt against each limit in a single round trip; answers how many seconds to
   * wait when any is exceeded, else 0.
   */
  async hit(...limits: Limit[]): Promise<number> {
    const transaction = this.redis.client.multi();
    for (const limit of limits) {
      const key = this.redis.key('rate', ...limit.key);
      transaction.incr(key).expire(key, limit.windowSeconds, 'NX').ttl(key);
    }
    const results = (await transaction.exec()) ?? [];
    let wait = 0;
    limits.forEach((limit, i) => {
      const count = Number(results[i * 3]?.[1]);
      const ttl = Number(results[i * 3 + 2]?.[1]);
      if (count > limit.max) wait = Math.max(wait, ttl, 1);
    });
    return wait;
  }

  /** Counts one attempt against each limit; 429 with the wait when any is exceeded. */
  async enforce(message: string, ...limits: Limit[]): Promise<void> {
    const retryAfter = await this.hit(...limits);
    if (retryAfter > 0) throw new HttpException({ message, retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
  }

  async reset(key: string[]): Promise<void> {
    await this.redis.client.del(this.redis.key('rate', ...key));
  }
}
