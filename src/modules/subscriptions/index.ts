/** The subscriptions module's public API: what other modules may use of it. */
export { CustomerSubscriptionsService } from './customer-subscriptions.service';
export { CustomerSubscriptionDto, DownloadableReleaseDto } from './dto/customer-subscription.dto';
export { SUBSCRIPTION_STATUSES } from './entities/subscription.entity';
export type { SubscriptionStatus } from './entities/subscription.entity';
export { SubscriptionJobsQueueModule } from './subscription-jobs-queue.module';
export { SubscriptionsModule } from './subscriptions.module';
export { SubscriptionsRepository } from './subscriptions.repository';
export type { DisputedPayment, SubscriptionRow, SubscriptionScope } from './subscriptions.repository';
export { TrackerDeliveriesRepository } from './tracker-deliveries.repository';
export { SUBSCRIPTION_SORT_KEYS } from './subscription-list.repository';
export { SubscriptionRecords } from './subscription-records.service';
export type { CustomerSubscriptionRecord } from './subscription-records.service';
export type {
  SubscriptionListCriteria,
  SubscriptionListRow,
  SubscriptionSortKey,
} from './subscription-list.repository';
