import { Module } from '@nestjs/common';
import { InvoicesModule } from '../../invoices';
import { MailModule } from '../../mail';
import { OrdersModule } from '../../orders';
import { SubscriptionsModule } from '../../subscriptions';
import { UsersModule } from '../../users';
import { AuditModule } from '../audit/audit.module';
import { AdminCustomersService } from './admin-customers.service';
import { AdminEmailCopiesService } from './admin-email-copies.service';
import { AdminExtensionsService } from './admin-extensions.service';
import { AdminOrderLinksService } from './admin-order-links.service';
import { AdminRefundsService } from './admin-refunds.service';
import { SubscriptionCancellations } from './subscription-cancellations.service';

const SERVICES = [
  AdminCustomersService,
  AdminRefundsService,
  AdminEmailCopiesService,
  AdminExtensionsService,
  AdminOrderLinksService,
  SubscriptionCancellations,
];

/** Looking after one customer: finding them, reading what they bought and were sent, and each staff action on it. */
@Module({
  imports: [AuditModule, InvoicesModule, MailModule, OrdersModule, SubscriptionsModule, UsersModule],
  providers: SERVICES,
  exports: SERVICES,
})
export class CustomerSupportModule {}
