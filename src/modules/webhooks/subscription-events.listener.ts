import { Injectable } from '@nestjs/common';
import { EVENTS_QUEUE, SubscriptionExpired, SubscriptionRenewing } from '../../integrations/events/events';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { CountiesRepository } from '../counties';
import { SubscriptionsRepository } from '../subscriptions';
import { WebhookEventsService } from './webhook-events.service';
import { WebhooksRepository } from './webhooks.repository';
import type { WebhookEventType } from './webhooks.constants';

/**
 * A County Tracker about to renew, or ended: its owner's endpoints for the event (and for that
 * subscription, when they name some) hear of it once per expiration.
 */
@Injectable()
export class SubscriptionEventsWebhooks {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEventsService,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly counties: CountiesRepository,
  ) {}

  @JobHandler(EVENTS_QUEUE, 'subscription.renewing:webhooks')
  renewing({ subscriptionId, renewsAt }: SubscriptionRenewing): Promise<string> {
    return this.raise('subscription.renewing', subscriptionId, renewsAt, { renewsAt });
  }

  @JobHandler(EVENTS_QUEUE, 'subscription.expired:webhooks')
  expired({ subscriptionId, expiredAt }: SubscriptionExpired): Promise<string> {
    return this.raise('subscription.expired', subscriptionId, expiredAt, { expiredAt });
  }

  private async raise(
    type: WebhookEventType,
    subscriptionId: string,
    at: string,
    when: Record<string, string>,
  ): Promise<string> {
    const subscription = await this.subscriptions.find(subscriptionId);
    if (!subscription) return `${type}: subscription ${subscriptionId} is gone`;
    const endpoints = (await this.webhooks.liveEndpointsFor(type, [subscription.userId])).filter(
      (endpoint) => !endpoint.subscriptionIds || endpoint.subscriptionIds.includes(subscriptionId),
    );
    if (endpoints.length === 0) return `${type}: no endpoint takes it for subscription ${subscriptionId}`;
    // Removed counties too: a subscription keeps its county.
    const county = (await this.counties.recordsOf([subscription.countyId])).get(subscription.countyId)!;
    const data = {
      subscription: {
        id: subscription.id,
        plan: subscription.purchaseType,
        status: subscription.status,
        autoRenew: subscription.autoRenew,
        expirationDate: subscription.expirationDate?.toISOString() ?? null,
        county: {
          id: county.id,
          fips: county.fips,
          name: county.name,
          state: county.state,
          stateCode: county.stateCode,
        },
      },
      ...when,
    };
    const eventId = await this.events.raise(
      subscription.userId,
      type,
      `${type}:${subscriptionId}:${at}`,
      data,
      endpoints.map((endpoint) => endpoint.id),
    );
    return `${type} ${eventId} for subscription ${subscriptionId}: ${endpoints.length} endpoint(s)`;
  }
}
