import { Module } from '@nestjs/common';
import { CustomerOrders } from './customer-orders.service';
import { OrderPageLinks } from './order-page-links';
import { OrderPageTokensRepository } from './order-page-tokens.repository';
import { OrdersRepository } from './orders.repository';

/**
 * Orders and their items: what each checkout bought, at what price, and where its payment stands;
 * and each order's page, the address its buyer reaches it by without an account.
 */
@Module({
  providers: [OrdersRepository, OrderPageLinks, OrderPageTokensRepository, CustomerOrders],
  exports: [OrdersRepository, OrderPageLinks, CustomerOrders],
})
export class OrdersModule {}
