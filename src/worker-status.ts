import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RedisService } from './integrations/redis/redis.service';

/** Confirms at start that the worker reaches both of its stores. */
@Injectable()
export class WorkerStatus implements OnApplicationBootstrap {
  private readonly logger = new Logger('Worker');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly redis: RedisService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.db.query('SELECT 1');
    await this.redis.client.ping();
    this.logger.log('Worker connected to PostgreSQL and Redis');
  }
}
