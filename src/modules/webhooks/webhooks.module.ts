import { Module } from '@nestjs/common';
import { ApiTokensModule } from '../api-tokens';
import { SubscriptionsModule } from '../subscriptions';
import { UsersModule } from '../users';
import { EndpointRules } from './endpoint-rules';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookEventsService } from './webhook-events.service';
import { WebhookFacts } from './webhook-facts.service';
import { DashboardWebhooksController, WebhooksController } from './webhooks.controller';
import { WebhooksQueueModule } from './webhooks-queue.module';
import { WebhooksRepository } from './webhooks.repository';

/** Customers' webhook endpoints and the events raised for them (the worker delivers: WebhooksWorkerModule). */
@Module({
  imports: [ApiTokensModule, SubscriptionsModule, UsersModule, WebhooksQueueModule],
  controllers: [WebhooksController, DashboardWebhooksController],
  providers: [WebhooksRepository, WebhookEventsService, WebhookEndpointsService, WebhookFacts, EndpointRules],
  exports: [WebhooksRepository, WebhookEventsService, WebhookFacts, EndpointRules],
})
export class WebhooksModule {}
