import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CustomerSubscriptionsController } from './customer-subscriptions.controller';
import { CustomerSubscriptionsService } from './customer-subscriptions.service';
import { SubscriptionListRepository } from './subscription-list.repository';
import { SubscriptionsRepository } from './subscriptions.repository';

@Module({
  imports: [AuthModule],
  controllers: [CustomerSubscriptionsController],
  providers: [SubscriptionsRepository, SubscriptionListRepository, CustomerSubscriptionsService],
  exports: [SubscriptionsRepository, SubscriptionListRepository, CustomerSubscriptionsService],
})
export class SubscriptionsModule {}
