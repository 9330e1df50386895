import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { DataApiModule } from '../data-api';
import { MailModule } from '../mail';
import { SubscriptionsModule } from '../subscriptions';
import { WebhookDeliveryService } from './delivery/webhook-delivery.service';
import { WebhooksProcessor } from './delivery/webhooks.processor';
import { ReleasePublishedWebhooks } from './release-published.listener';
import { SubscriptionEventsWebhooks } from './subscription-events.listener';
import { WebhooksModule } from './webhooks.module';
import { WebhooksQueueModule } from './webhooks-queue.module';

/** The worker's side of webhooks: raising events as releases publish and Trackers renew or end, and delivering them. Worker only. */
@Module({
  imports: [WebhooksModule, WebhooksQueueModule, CountiesModule, DataApiModule, MailModule, SubscriptionsModule],
  providers: [WebhookDeliveryService, WebhooksProcessor, ReleasePublishedWebhooks, SubscriptionEventsWebhooks],
})
export class WebhooksWorkerModule {}
