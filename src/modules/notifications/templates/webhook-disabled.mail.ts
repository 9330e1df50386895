import { Injectable } from '@nestjs/common';
import { formatDate } from '../../../common/dates';
import { MailJob, MailTemplate, RenderedMail, WebhookDisabledJobData } from '../../mail';
import { WebhookFacts } from '../../webhooks';
import { MailComposer } from './mail-composer';

/** Tells a customer their webhook endpoint stopped receiving events, and how to start it again. */
@Injectable()
@MailTemplate(MailJob.webhookDisabled)
export class WebhookDisabledMail {
  constructor(
    private readonly webhooks: WebhookFacts,
    private readonly composer: MailComposer,
  ) {}

  async render({ endpointId, disabledAt }: WebhookDisabledJobData): Promise<RenderedMail | null> {
    const endpoint = await this.webhooks.disabled(endpointId);
    // Enabled again (or disabled anew) since: this notice is stale.
    if (!endpoint?.email || endpoint.disabledAt.toISOString() !== disabledAt) return null;
    return this.composer.compose({
      to: endpoint.email,
      subject: 'Your webhook endpoint has been disabled',
      blocks: [
        `We could not deliver events to ${endpoint.url} for three days, so on ${formatDate(endpoint.disabledAt)} we stopped sending to it.`,
        { list: [`Last error: ${endpoint.reason}`] },
        'Once the endpoint answers again, enable it from your dashboard or with POST /api/v1/webhooks/{id}/enable, then resend the deliveries you missed from its delivery log.',
        { label: 'Your dashboard', link: this.composer.url('/dashboard') },
      ],
    });
  }
}
