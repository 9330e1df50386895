import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PrecompressedBody } from '../../common/http/precompressed-body';
import { RedisService } from '../../integrations/redis/redis.service';
import { CountiesRepository } from './counties.repository';

/**
 * The public county catalog, the store's hottest read, held as one
 * pre-compressed body per process. A change anywhere is announced on a Redis
 * channel so every replica rebuilds at once; after a lost Redis connection
 * each replica rebuilds anyway, since it may have missed an announcement.
 */
@Injectable()
export class CountyCatalogService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CountyCatalogService.name);
  private readonly instanceId = randomUUID();
  private readonly channel: string;
  private body: PrecompressedBody;
  private rebuilding: Promise<void> | null = null;
  private rebuildAgain = false;

  constructor(
    private readonly counties: CountiesRepository,
    private readonly redis: RedisService,
  ) {
    this.channel = redis.key('catalog-changed');
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.rebuild();
    const subscriber = this.redis.createSubscriber();
    subscriber.on('message', (_channel, from) => {
      if (from !== this.instanceId) void this.rebuild();
    });
    let connectedBefore = false;
    subscriber.on('ready', () => {
      if (connectedBefore) void this.rebuild();
      connectedBefore = true;
    });
    // Not awaited: with Redis down the catalog is still served, and ioredis
    // subscribes (and resubscribes after any outage) once it connects.
    subscriber.subscribe(this.channel).catch((error: Error) => {
      this.logger.warn(`Catalog change notices unavailable: ${error.message}`);
    });
  }

  onModuleDestroy(): Promise<void> | void {
    return this.rebuilding ?? undefined;
  }

  current(): PrecompressedBody {
    return this.body;
  }

  /** Rebuild here, then tell the other replicas. Call after any county change. */
  async announceChange(): Promise<void> {
    await this.rebuild();
    await this.redis.client.publish(this.channel, this.instanceId).catch((error: Error) => {
      this.logger.warn(`Could not announce a catalog change: ${error.message}`);
    });
  }

  /** Coalesces overlapping requests: one rebuild runs, and one more after it if asked meanwhile. */
  rebuild(): Promise<void> {
    if (this.rebuilding) {
      this.rebuildAgain = true;
      return this.rebuilding;
    }
    this.rebuilding = (async () => {
      try {
        do {
          this.rebuildAgain = false;
          const counties = await this.counties.listCatalog();
          this.body = await PrecompressedBody.create(
            Buffer.from(JSON.stringify(counties)),
            'application/json; charset=utf-8',
            // Always revalidate: a changed county must show at once, and a 304 costs little.
            'no-cache',
          );
        } while (this.rebuildAgain);
      } catch (error) {
        this.logger.error(`Catalog rebuild failed: ${(error as Error).message}`);
        if (!this.body) throw error;
      } finally {
        this.rebuilding = null;
      }
    })();
    return this.rebuilding;
  }
}
