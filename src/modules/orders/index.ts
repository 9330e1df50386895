/** The orders module's public API: what other modules may use of it. */
export { CustomerOrders } from './customer-orders.service';
export { Order, isSettled } from './entities/order.entity';
export { OrderPageLinks } from './order-page-links';
export { OrdersModule } from './orders.module';
export { OrdersRepository } from './orders.repository';
export type { DownloadChoice, OrderLinks } from './order-page-links';
export type { OrderItemRow, OrderLine } from './orders.repository';
