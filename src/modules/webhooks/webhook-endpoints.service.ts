import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { SubscriptionsRepository } from '../subscriptions';
import type {
  CreateWebhookEndpointDto,
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from './dto/webhook-endpoint.dto';
import { EndpointRules } from './endpoint-rules';
import { newEndpointSecret } from './webhook-secrets';
import { WebhookEventsService } from './webhook-events.service';
import { WebhookDelivery, WebhookEndpoint, WebhooksRepository } from './webhooks.repository';
import {
  DEFAULT_SECRET_OVERLAP_HOURS,
  MAX_ENDPOINTS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookEventType,
} from './webhooks.constants';

const NOT_FOUND = 'Webhook endpoint not found';
/** Deliveries a log shows. */
const LOG_LENGTH = 100;

/** A customer's webhook endpoints: registering, rolling secrets, the delivery log, resending and test events. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEventsService,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly rules: EndpointRules,
  ) {}

  async create(userId: string, dto: CreateWebhookEndpointDto): Promise<WebhookEndpointWithSecretDto> {
    const placed = await this.rules.place(dto.url);
    if ('refused' in placed)
      throw new BadRequestException(placed.unresolved ? `url refused: ${placed.refused}` : placed.refused);
    if (dto.subscriptionIds) {
      const own = new Set((await this.subscriptions.list({ userId })).map((s) => s.id));
      const foreign = dto.subscriptionIds.filter((id) => !own.has(id));
      if (foreign.length > 0)
        throw new BadRequestException(`subscriptionIds names subscriptions you do not have: ${foreign.join(', ')}`);
    }
    if ((await this.webhooks.countEndpoints(userId)) >= MAX_ENDPOINTS)
      throw new ConflictException(`You have ${MAX_ENDPOINTS} webhook endpoints already: delete one first.`);
    const secret = newEndpointSecret();
    const endpoint = await this.webhooks.createEndpoint({
      userId,
      url: placed.url.toString(),
      description: dto.description ?? '',
      events: dto.events ?? [...WEBHOOK_EVENT_TYPES],
      subscriptionIds: dto.subscriptionIds ?? null,
      secretSealed: this.rules.secrets.seal(secret),
    });
    return { ...toEndpointDto(endpoint), secret };
  }

  async list(userId: string): Promise<WebhookEndpointDto[]> {
    return (await this.webhooks.endpointsOf(userId)).map(toEndpointDto);
  }

  async get(userId: string, id: string): Promise<WebhookEndpointDto> {
    return toEndpointDto(await this.own(userId, id));
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.webhooks.deleteEndpoint(userId, id))) throw new NotFoundException(NOT_FOUND);
  }

  /** A new secret, shown once; the old one keeps signing beside it for the overlap, so receivers can switch. */
  async rollSecret(
    userId: string,
    id: string,
    overlapHours = DEFAULT_SECRET_OVERLAP_HOURS,
  ): Promise<WebhookEndpointWithSecretDto> {
    await this.own(userId, id);
    const secret = newEndpointSecret();
    const until = overlapHours > 0 ? new Date(Date.now() + overlapHours * 3600_000) : null;
    const endpoint = await this.webhooks.rollSecret(userId, id, this.rules.secrets.seal(secret), until);
    if (!endpoint) throw new NotFoundException(NOT_FOUND);
    return { ...toEndpointDto(endpoint), secret };
  }

  /** Sends again after the endpoint was disabled; deliveries that failed meanwhile can be resent from the log. */
  async enable(userId: string, id: string): Promise<WebhookEndpointDto> {
    await this.own(userId, id);
    return toEndpointDto((await this.webhooks.setDisabled(id, null))!);
  }

  async deliveries(userId: string, id: string): Promise<WebhookDeliveryDto[]> {
    await this.own(userId, id);
    return (await this.webhooks.deliveriesOf(id, LOG_LENGTH)).map(toDeliveryDto);
  }

  /** Tries a delivered or failed delivery again from now, with the same event (and id). */
  async resend(userId: string, id: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    const endpoint = await this.own(userId, id);
    if (endpoint.disabledAt) throw new ConflictException('This endpoint is disabled: enable it first.');
    const delivery = await this.webhooks.resend(id, deliveryId);
    if (!delivery)
      throw new NotFoundException('No delivery of this endpoint has this id, or it is still being delivered');
    await this.events.queueAttempts([{ id: delivery.id, attempt: delivery.attempts + 1 }]);
    return toDeliveryDto(delivery);
  }

  /** An event of its own for this endpoint alone, to check the receiver and its signature check. */
  async sendTest(userId: string, id: string): Promise<{ eventId: string }> {
    const endpoint = await this.own(userId, id);
    if (endpoint.disabledAt) throw new ConflictException('This endpoint is disabled: enable it first.');
    const requested = new Date().toISOString();
    const eventId = await this.events.raise(
      userId,
      WEBHOOK_TEST_EVENT,
      `${WEBHOOK_TEST_EVENT}:${id}:${requested}`,
      { endpointId: id, message: 'A test event from County Data Store: your endpoint received it.' },
      [id],
    );
    return { eventId };
  }

  private async own(userId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.webhooks.endpointOf(userId, id);
    if (!endpoint) throw new NotFoundException(NOT_FOUND);
    return endpoint;
  }
}

function toEndpointDto(endpoint: WebhookEndpoint): WebhookEndpointDto {
  const overlap =
    endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date() ? endpoint.previousSecretUntil : null;
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events as WebhookEventType[],
    subscriptionIds: endpoint.subscriptionIds,
    status: endpoint.disabledAt ? 'disabled' : 'enabled',
    disabledReason: endpoint.disabledReason,
    previousSecretUntil: overlap?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

function toDeliveryDto(delivery: WebhookDelivery): WebhookDeliveryDto {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    state: delivery.state,
    attempts: delivery.attempts,
    lastStatus: delivery.lastStatus,
    lastError: delivery.lastError,
    lastLatencyMs: delivery.lastLatencyMs,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: delivery.state === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    createdAt: delivery.createdAt.toISOString(),
  };
}
