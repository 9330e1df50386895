import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties/counties.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { AdminActionsService } from './admin-actions.service';
import { AdminAuthService } from './admin-auth.service';
import { AdminController, AdminLoginController } from './admin.controller';
import { AdminFiguresService } from './admin-figures.service';
import { AdminGuard } from './admin.guard';

@Module({
  imports: [CountiesModule, DatasetsModule, SubscriptionsModule, UsersModule],
  controllers: [AdminLoginController, AdminController],
  providers: [AdminAuthService, AdminGuard, AdminFiguresService, AdminActionsService],
})
export class AdminModule {}
