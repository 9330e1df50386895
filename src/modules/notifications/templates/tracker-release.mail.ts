import { Injectable } from '@nestjs/common';
import { formatDate } from '../../../common/dates';
import type { OutgoingMail } from '../../../integrations/mail/mail-transport';
import { CountyDatasetsService, ReleaseFileFacts } from '../../datasets';
import { MailTemplate, TrackerReleaseJobData } from '../../mail';
import { OrderLinks, OrderPageLinks } from '../../orders';
import { TrackerDeliveriesRepository } from '../../subscriptions';
import { MailBlock, MailComposer } from './mail-composer';
import { SubscriptionFactsReader } from './subscription-facts';

const count = (n: number) => n.toLocaleString('en-US');

/** What changed in a county's file since its previous release, as the comparison found; null when it was not compared. */
export function changeSummary(facts: ReleaseFileFacts): string | null {
  if (!facts.compared) return null;
  if (!facts.previousRelease)
    return 'This is the county’s first release, so there is no earlier one to compare it with.';
  if (facts.added === null || facts.removed === null || facts.changed === null) return null;
  return (
    `What changed since release ${facts.previousRelease}: parcels added ${count(facts.added)}, ` +
    `removed ${count(facts.removed)}, changed ${count(facts.changed)}.`
  );
}

/** Lasting links to a release's full file and, where it has one, its change file. */
export function releaseFileLinks(facts: ReleaseFileFacts, links: OrderLinks, subscriptionId: string): MailBlock[] {
  const blocks: MailBlock[] = [
    {
      label: `Download the full file, release ${facts.release} (${count(facts.records)} property records)`,
      link: links.download(subscriptionId, { release: facts.release, kind: 'full' }),
    },
  ];
  if (facts.hasChangeFile) {
    blocks.push({
      label: `Download only the parcels added, removed or changed since release ${facts.previousRelease}`,
      link: links.download(subscriptionId, { release: facts.release, kind: 'changes' }),
    });
  }
  return blocks;
}

/** County Tracker's news of a release, sent when it is published: what changed, and both files. */
@Injectable()
export class TrackerReleaseMail implements MailTemplate<TrackerReleaseJobData> {
  constructor(
    private readonly trackerDeliveries: TrackerDeliveriesRepository,
    private readonly datasets: CountyDatasetsService,
    private readonly facts: SubscriptionFactsReader,
    private readonly composer: MailComposer,
    private readonly links: OrderPageLinks,
  ) {}

  async build({ subscriptionId, datasetId }: TrackerReleaseJobData): Promise<OutgoingMail | null> {
    const [subscription, delivered, facts] = await Promise.all([
      this.facts.read(subscriptionId),
      this.trackerDeliveries.hasReleaseNews(subscriptionId, datasetId),
      this.datasets.releaseFileFacts(datasetId),
    ]);
    // Ended since it was queued, or never delivered: nothing to tell.
    if (!subscription || !delivered || !facts || subscription.status !== 'active') return null;
    const { county } = subscription;
    const changes = changeSummary(facts);
    const links = await this.links.forOrder(subscription.orderId);
    return this.composer.compose({
      key: `tracker-release-${subscriptionId}-${datasetId}`,
      to: subscription.email,
      subject: `New County Tracker data for ${county}: release ${facts.release}`,
      blocks: [
        `Fresh data for ${county} is ready: release ${facts.release}, ${count(facts.records)} property records.`,
        ...(changes ? [changes] : []),
        ...releaseFileLinks(facts, links, subscriptionId),
        'These links keep working: each time you use one, it makes a fresh download link.',
        { label: 'All the files of your order', link: links.page },
        subscription.expirationDate
          ? `Your County Tracker runs until ${formatDate(subscription.expirationDate)}.`
          : 'Your County Tracker is active.',
      ],
    });
  }
}
