import { Injectable } from '@nestjs/common';
import { formatDate } from '../../../common/dates';
import { CountyDatasetsService } from '../../releases';
import { TrackerDeliveriesRepository } from '../../subscriptions';
import { OrderPageLinks } from '../../orders';
import { MailJob, MailTemplate, RenderedMail, TrackerDeliveryJobData } from '../../mail';
import { MailComposer } from './mail-composer';
import { SubscriptionFactsReader } from './subscription-facts';
import { changeSummary, otherFormatLinks } from './tracker-release.mail';

/**
 * County Tracker's monthly email: the county's file for the month, and plainly whether it changed.
 * New data the subscriber was not told of at its release (the release email could not be sent
 * then) comes with what changed and its change file, as that email would have.
 */
@Injectable()
@MailTemplate(MailJob.trackerDelivery)
export class TrackerDeliveryMail {
  constructor(
    private readonly trackerDeliveries: TrackerDeliveriesRepository,
    private readonly datasets: CountyDatasetsService,
    private readonly facts: SubscriptionFactsReader,
    private readonly composer: MailComposer,
    private readonly links: OrderPageLinks,
  ) {}

  async render({ subscriptionId, month }: TrackerDeliveryJobData): Promise<RenderedMail | null> {
    const subscription = await this.facts.read(subscriptionId);
    const delivered = await this.trackerDeliveries.find(subscriptionId, month);
    const dataset = delivered && (await this.datasets.findById(delivered.datasetId));
    if (!subscription || !delivered || !dataset || subscription.status !== 'active') return null;
    const delivery = { dataChanged: delivered.dataChanged, release: dataset.release, records: dataset.records };
    const { county } = subscription;
    const records = Number(delivery.records).toLocaleString('en-US');
    const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const news = delivery.dataChanged
      ? `Fresh data for ${county} is ready: release ${delivery.release}, ${records} property records.`
      : `The source data for ${county} has not changed since release ${delivery.release}, so this month's file ` +
        `is the same data you already have (${records} property records). We will send the new release as soon as the county publishes one.`;
    const links = await this.links.forOrder(subscription.orderId);
    const facts = delivery.dataChanged ? await this.datasets.releaseFileFacts(dataset.id) : null;
    const changes = facts && changeSummary(facts);
    return this.composer.compose({
      to: subscription.email,
      subject: `Your ${monthName} County Tracker data: ${county}`,
      blocks: [
        news,
        ...(changes ? [changes] : []),
        {
          label: `Download ${county} (${delivery.release}, CSV)`,
          link: links.download(subscriptionId),
        },
        ...(facts?.hasChangeFile
          ? [
              {
                label: `Download only the parcels added, removed or changed since release ${facts.previousRelease} (CSV)`,
                link: links.download(subscriptionId, { release: facts.release, kind: 'changes' }),
              },
            ]
          : []),
        ...otherFormatLinks(links, subscriptionId, delivery.release, facts?.hasChangeFile ?? false),
        'These links keep working: each time you use one, it makes a fresh download link.',
        { label: 'All the files of your order', link: links.page },
        subscription.expirationDate
          ? `Your County Tracker runs until ${formatDate(subscription.expirationDate)}.`
          : 'Your County Tracker is active.',
      ],
    });
  }
}
