import { Module } from '@nestjs/common';
import { StorageModule } from '../../integrations/storage/storage.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({ imports: [StorageModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
