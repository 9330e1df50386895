import { Injectable, Logger } from '@nestjs/common';
import { MailQueue } from '../../mail';
import { EndpointRules } from '../endpoint-rules';
import { WebhookEventsService } from '../webhook-events.service';
import { SIGNATURE_HEADER, signatureHeader } from '../webhook-signature';
import { DueDelivery, WebhooksRepository } from '../webhooks.repository';
import {
  DeliverWebhookJobData,
  DELIVERIES_KEPT_DAYS,
  FIRST_RETRY_MS,
  MAX_RETRY_DELAY_MS,
  RETRY_FOR_MS,
} from '../webhooks.constants';
import { deliveryBody } from './webhook-payload';
import { type Attempt, sendDelivery } from './webhook-sender';

/** How long after a failed attempt the next one is: doubling from a minute, at most six hours, a tenth of it random. */
export function retryDelay(failedAttempts: number, random = Math.random()): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** (failedAttempts - 1), MAX_RETRY_DELAY_MS);
  return Math.round(base * (0.9 + random * 0.2));
}

/** A sweep queues again deliveries this late: their job was lost (Redis lost it, or it was never queued). */
const LOST_AFTER_MS = 5 * 60_000;

/**
 * One attempt of one delivery, in the worker: the endpoint's address resolved and checked again
 * (a name that now resolves to a private address is refused: DNS rebinding), the body signed with
 * the endpoint's live secrets and POSTed to the checked address. A failure is tried again later
 * (retryDelay) for three days; then the delivery has failed, the endpoint is disabled and its owner
 * emailed.
 */
@Injectable()
export class WebhookDeliveryService {
  private readonly log = new Logger('Webhooks');

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEventsService,
    private readonly mail: MailQueue,
    private readonly rules: EndpointRules,
  ) {}

  async attempt({ deliveryId, attempt }: DeliverWebhookJobData): Promise<string> {
    const delivery = await this.webhooks.due(deliveryId);
    if (!delivery || delivery.state !== 'pending' || delivery.attempts !== attempt - 1)
      return `Delivery ${deliveryId}: attempt ${attempt} made already, or the delivery is over`;
    if (delivery.endpoint.disabledAt) {
      await this.webhooks.abandon(deliveryId, 'the endpoint is disabled');
      return `Delivery ${deliveryId}: its endpoint is disabled`;
    }
    const result = await this.send(delivery);
    if (result.ok) {
      await this.webhooks.recordAttempt(deliveryId, result, { state: 'delivered' });
      return `Delivered ${delivery.event.type} ${delivery.eventId} to ${delivery.endpoint.url} (${result.status}, ${result.latencyMs} ms)`;
    }
    const firstAttempt = delivery.firstAttemptAt ?? new Date();
    const next = new Date(Date.now() + retryDelay(attempt));
    if (next.getTime() - firstAttempt.getTime() > RETRY_FOR_MS) {
      await this.webhooks.recordAttempt(deliveryId, result, { state: 'failed' });
      await this.disable(delivery, result);
      return `Delivery ${deliveryId} failed for three days (${result.error}): endpoint disabled`;
    }
    await this.webhooks.recordAttempt(deliveryId, result, { state: 'pending', next });
    await this.events.queueAttempts([{ id: deliveryId, attempt: attempt + 1 }], next.getTime() - Date.now());
    return `Delivery ${deliveryId} attempt ${attempt} failed (${result.error}); next at ${next.toISOString()}`;
  }

  /** Queues deliveries whose job was lost, and lets events past the log's age go. */
  async sweep(): Promise<string> {
    const lost = await this.webhooks.overdue(LOST_AFTER_MS, 1000);
    await this.events.queueAttempts(lost.map(({ id, attempts }) => ({ id, attempt: attempts + 1 })));
    const pruned = await this.webhooks.prune(DELIVERIES_KEPT_DAYS);
    return `${lost.length} deliveries queued again, ${pruned} old events let go`;
  }

  private async send(delivery: DueDelivery): Promise<Attempt> {
    const refused = (error: string): Attempt => ({ ok: false, status: null, latencyMs: 0, error, answer: '' });
    const placed = await this.rules.place(delivery.endpoint.url);
    if ('refused' in placed) return refused(placed.refused);
    const body = deliveryBody(delivery.event, delivery.endpoint);
    return sendDelivery({
      url: placed.url,
      address: placed.addresses[0],
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'CountyDataStore-Webhooks/1.0',
        [SIGNATURE_HEADER]: signatureHeader(body, this.liveSecrets(delivery), Math.floor(Date.now() / 1000)),
      },
    });
  }

  /** The current secret, and the one a roll replaced while its overlap lasts. */
  private liveSecrets({ endpoint }: DueDelivery): string[] {
    const secrets = [this.rules.secrets.open(endpoint.secretSealed)];
    if (endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date())
      secrets.push(this.rules.secrets.open(endpoint.previousSecretSealed));
    return secrets;
  }

  private async disable(delivery: DueDelivery, result: Attempt): Promise<void> {
    const reason = `Deliveries failed for three days (last: ${result.error ?? 'no answer'}).`;
    const endpoint = await this.webhooks.setDisabled(delivery.endpointId, reason);
    if (!endpoint?.disabledAt) return;
    this.log.warn(`Webhook endpoint ${endpoint.id} disabled: ${reason}`);
    await this.mail.queueWebhookDisabled({ endpointId: endpoint.id, disabledAt: endpoint.disabledAt.toISOString() });
  }
}
