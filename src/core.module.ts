import { Module } from '@nestjs/common';
import { ConfigModule, ConfigType } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { loggerOptions } from './common/logging';
import { appConfig, configNamespaces, databaseConfig } from './config';
import { dataSourceOptions } from './database/data-source-options';
import { MetricsModule } from './integrations/metrics/metrics.module';
import { QueueModule } from './integrations/queue/queue.module';
import { RedisModule } from './integrations/redis/redis.module';
import { StripeModule } from './integrations/stripe/stripe.module';

/** What the API and the worker both stand on: configuration, logs, PostgreSQL, Redis, queues, Stripe, metrics. */
@Module({
  imports: [
    // Variables come from the environment (entry points load .env into it first).
    ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: configNamespaces }),
    LoggerModule.forRootAsync({ inject: [appConfig.KEY], useFactory: loggerOptions }),
    TypeOrmModule.forRootAsync({
      inject: [databaseConfig.KEY],
      useFactory: (db: ConfigType<typeof databaseConfig>) => ({
        ...dataSourceOptions(db.url),
        // Entry points check PostgreSQL before starting; a short retry covers a blip.
        retryAttempts: 2,
        retryDelay: 1000,
      }),
    }),
    RedisModule,
    QueueModule,
    StripeModule,
    MetricsModule,
  ],
  exports: [QueueModule],
})
export class CoreModule {}
