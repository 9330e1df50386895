import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { redisConfig } from '../../config';
import { redisOptionsFromUrl } from '../redis/redis-options';

/** BullMQ's connection, shared by the API (which enqueues) and the worker (which processes). */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [redisConfig.KEY],
      useFactory: (redis: ConfigType<typeof redisConfig>) => ({
        connection: { ...redisOptionsFromUrl(redis.url), maxRetriesPerRequest: null },
        prefix: `${redis.keyPrefix}:bull`,
      }),
    }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
