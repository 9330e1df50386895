import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { OrdersModule } from '../orders';
import { CustomerSubscriptionsController } from './customer-subscriptions.controller';
import { CustomerSubscriptionsService } from './customer-subscriptions.service';
import { SubscriptionListRepository } from './subscription-list.repository';
import { SubscriptionRecords } from './subscription-records.service';
import { SubscriptionsRepository } from './subscriptions.repository';
import { TrackerDeliveriesRepository } from './tracker-deliveries.repository';

@Module({
  imports: [CountiesModule, OrdersModule],
  controllers: [CustomerSubscriptionsController],
  providers: [
    SubscriptionsRepository,
    SubscriptionListRepository,
    TrackerDeliveriesRepository,
    CustomerSubscriptionsService,
    SubscriptionRecords,
  ],
  exports: [SubscriptionsRepository, TrackerDeliveriesRepository, CustomerSubscriptionsService, SubscriptionRecords],
})
export class SubscriptionsModule {}
