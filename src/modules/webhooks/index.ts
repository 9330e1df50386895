/** The webhooks module's public API: what other modules may use of it. */
export { WebhooksModule } from './webhooks.module';
export { DashboardWebhooksController } from './webhooks.controller';
export { WebhooksWorkerModule } from './webhooks-worker.module';
export { WebhookFacts } from './webhook-facts.service';
export type { DisabledEndpointFacts } from './webhook-facts.service';
export { WEBHOOK_EVENT_TYPES } from './webhooks.constants';
