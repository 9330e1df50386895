import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties/counties.module';
import { CountyCatalogModule } from '../counties/county-catalog.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { JourneyModule } from '../journey/journey.module';
import { PaymentsModule } from '../payments/payments.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { AdminActionsService } from './admin-actions.service';
import { AdminAuthService } from './admin-auth.service';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminController, AdminLoginController } from './admin.controller';
import { AdminFiguresService } from './admin-figures.service';
import { AdminGuard } from './admin.guard';
import { AuditLogRepository } from './audit-log.repository';

@Module({
  imports: [
    CountiesModule,
    CountyCatalogModule,
    DatasetsModule,
    JourneyModule,
    PaymentsModule,
    SubscriptionsModule,
    UsersModule,
  ],
  controllers: [AdminLoginController, AdminController],
  providers: [
    AdminAuthService,
    AdminGuard,
    AdminFiguresService,
    AdminActionsService,
    AuditLogRepository,
    AdminSessionsRepository,
  ],
})
export class AdminModule {}
