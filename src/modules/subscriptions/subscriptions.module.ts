import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CustomerSubscriptionsController } from './customer-subscriptions.controller';
import { CustomerSubscriptionsService } from './customer-subscriptions.service';
import { SubscriptionsRepository } from './subscriptions.repository';

@Module({
  imports: [AuthModule],
  controllers: [CustomerSubscriptionsController],
  providers: [SubscriptionsRepository, CustomerSubscriptionsService],
  exports: [SubscriptionsRepository, CustomerSubscriptionsService],
})
export class SubscriptionsModule {}
