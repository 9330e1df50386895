import { Module } from '@nestjs/common';
import { DataApiModule } from '../data-api';
import { MailModule } from '../mail';
import { WebhookDeliveryService } from './delivery/webhook-delivery.service';
import { WebhooksProcessor } from './delivery/webhooks.processor';
import { ReleasePublishedWebhooks } from './release-published.listener';
import { WebhooksModule } from './webhooks.module';
import { WebhooksQueueModule } from './webhooks-queue.module';

/** The worker's side of webhooks: raising events as releases publish, and delivering them. Worker only. */
@Module({
  imports: [WebhooksModule, WebhooksQueueModule, DataApiModule, MailModule],
  providers: [WebhookDeliveryService, WebhooksProcessor, ReleasePublishedWebhooks],
})
export class WebhooksWorkerModule {}
