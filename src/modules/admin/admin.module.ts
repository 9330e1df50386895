import { Module } from '@nestjs/common';
import { CountiesModule, CountyCatalogModule } from '../counties';
import { FormatsModule } from '../formats';
import { ReleasesModule } from '../releases';
import { InvoicesModule } from '../invoices';
import { JourneyModule } from '../journey';
import { MailModule } from '../mail';
import { OrdersModule } from '../orders';
import { PaymentsModule } from '../payments';
import { SubscriptionJobsQueueModule, SubscriptionsModule } from '../subscriptions';
import { UsersModule } from '../users';
import { AdminActionsService } from './admin-actions.service';
import { AdminAuthService } from './admin-auth.service';
import { AdminCustomersController } from './admin-customers.controller';
import { AdminCustomersService } from './admin-customers.service';
import { AdminEmailCopiesService } from './admin-email-copies.service';
import { AdminExtensionsService } from './admin-extensions.service';
import { AdminRefundsService } from './admin-refunds.service';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminController, AdminLoginController } from './admin.controller';
import { AdminFiguresService } from './admin-figures.service';
import { AdminOrderLinksController } from './admin-order-links.controller';
import { AdminOrderLinksService } from './admin-order-links.service';
import { AdminReleaseFilesController } from './admin-release-files.controller';
import { AdminReleaseFilesService } from './admin-release-files.service';
import { AdminReleaseUploadsController } from './admin-release-uploads.controller';
import { AdminReleaseUploadsService } from './admin-release-uploads.service';
import { ReleaseUploadOutcomes } from './release-upload-outcomes';
import { AdminCoverageController } from './admin-coverage.controller';
import { AdminReleasesController } from './admin-releases.controller';
import { AdminReleasesService } from './admin-releases.service';
import { AdminGuard } from './admin.guard';
import { AdminBackgroundWorkController } from './admin-background-work.controller';
import { BackgroundWorkService } from './background-work.service';
import { QueueDepthMetrics } from './queue-depth-metrics';
import { AuditLogRepository } from './audit-log.repository';
import { StaffSignInController } from './staff-sign-in.controller';
import { StaffSignIn } from './staff-sign-in.service';

@Module({
  imports: [
    CountiesModule,
    CountyCatalogModule,
    ReleasesModule,
    FormatsModule,
    InvoicesModule,
    JourneyModule,
    MailModule,
    OrdersModule,
    PaymentsModule,
    SubscriptionsModule,
    SubscriptionJobsQueueModule,
    UsersModule,
  ],
  controllers: [
    AdminLoginController,
    StaffSignInController,
    AdminController,
    AdminOrderLinksController,
    AdminCustomersController,
    AdminReleasesController,
    AdminReleaseFilesController,
    AdminReleaseUploadsController,
    AdminBackgroundWorkController,
    AdminCoverageController,
  ],
  providers: [
    AdminAuthService,
    AdminGuard,
    AdminFiguresService,
    AdminActionsService,
    AdminOrderLinksService,
    AdminCustomersService,
    AdminRefundsService,
    AdminEmailCopiesService,
    AdminExtensionsService,
    AdminReleasesService,
    AdminReleaseFilesService,
    AdminReleaseUploadsService,
    ReleaseUploadOutcomes,
    BackgroundWorkService,
    QueueDepthMetrics,
    AuditLogRepository,
    AdminSessionsRepository,
    StaffSignIn,
  ],
})
export class AdminModule {}
