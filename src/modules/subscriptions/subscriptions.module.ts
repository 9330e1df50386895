import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties/counties.module';
import { OrdersModule } from '../orders/orders.module';
import { CustomerSubscriptionsController } from './customer-subscriptions.controller';
import { CustomerSubscriptionsService } from './customer-subscriptions.service';
import { SubscriptionsRepository } from './subscriptions.repository';

@Module({
  imports: [CountiesModule, OrdersModule],
  controllers: [CustomerSubscriptionsController],
  providers: [SubscriptionsRepository, CustomerSubscriptionsService],
  exports: [SubscriptionsRepository, CustomerSubscriptionsService],
})
export class SubscriptionsModule {}
