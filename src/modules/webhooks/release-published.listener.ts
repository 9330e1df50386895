import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHash } from 'node:crypto';
import { appConfig } from '../../config';
import { EVENTS_QUEUE, ReleasePublished } from '../../integrations/events/events';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { ReleaseManifestService } from '../data-api';
import { pendingDeprecations, SCHEMA_VERSION } from '../data-schema';
import { WebhookEventsService } from './webhook-events.service';
import { WebhookEndpoint, WebhooksRepository } from './webhooks.repository';

/**
 * A release published: each customer with endpoints for release.published who holds any of its
 * counties gets one event, listing those counties (records, changes since their previous release,
 * each file's format, size and SHA-256, and the data-API calls that make download links), with the
 * schema version and any deprecation notices. Raised once per customer and act of publishing.
 */
@Injectable()
export class ReleasePublishedWebhooks {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEventsService,
    private readonly manifests: ReleaseManifestService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @JobHandler(EVENTS_QUEUE, 'release.published:webhooks')
  async raise({ releaseId, month, countyIds }: ReleasePublished): Promise<string> {
    const published = new Set(countyIds);
    // The act of publishing: a release published again (more counties) is another event.
    const act = createHash('sha256')
      .update([...published].sort().join(','))
      .digest('hex')
      .slice(0, 16);
    const byCustomer = new Map<string, WebhookEndpoint[]>();
    for (const endpoint of await this.webhooks.liveEndpointsFor('release.published'))
      byCustomer.set(endpoint.userId, [...(byCustomer.get(endpoint.userId) ?? []), endpoint]);
    let raised = 0;
    const manifests = await this.manifests.manifestsOf([...byCustomer.keys()], month, published);
    for (const [userId, endpoints] of byCustomer) {
      const manifest = manifests.get(userId)!;
      const counties = manifest.counties.map(({ downloadLink, ...held }) => ({
        ...held,
        downloadLink: `${this.app.publicUrl}${downloadLink}`,
      }));
      const held = new Set(counties.map((county) => county.subscriptionId));
      const targets = endpoints.filter((e) => !e.subscriptionIds || e.subscriptionIds.some((id) => held.has(id)));
      if (counties.length === 0 || targets.length === 0) continue;
      const data = {
        release: month,
        manifest: `${this.app.publicUrl}/api/v1/releases/${month}/manifest.json`,
        schemaVersion: SCHEMA_VERSION,
        deprecations: pendingDeprecations(new Date().toISOString().slice(0, 10)),
        counties,
      };
      await this.events.raise(
        userId,
        'release.published',
        `release.published:${releaseId}:${act}`,
        data,
        targets.map((e) => e.id),
      );
      raised++;
    }
    return `Release ${month}: release.published raised for ${raised} customers`;
  }
}
