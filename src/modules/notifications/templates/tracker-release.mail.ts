import { Injectable } from '@nestjs/common';
import { formatDate } from '../../../common/dates';
import { CONVERTED_FORMATS, formatInfo } from '../../../contracts/dataset-formats';
import { deprecationNotices } from '../../data-schema';
import { CountyDatasetsService, ReleaseFileFacts } from '../../releases';
import { MailJob, MailTemplate, RenderedMail, TrackerReleaseJobData } from '../../mail';
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

/** Lasting links to a release's full file and, where it has one, its change file (CSV), then the other formats. */
export function releaseFileLinks(facts: ReleaseFileFacts, links: OrderLinks, subscriptionId: string): MailBlock[] {
  const blocks: MailBlock[] = [
    {
      label: `Download the full file, release ${facts.release} (${count(facts.records)} property records, CSV)`,
      link: links.download(subscriptionId, { release: facts.release, kind: 'full' }),
    },
  ];
  if (facts.hasChangeFile) {
    blocks.push({
      label: `Download only the parcels added, removed or changed since release ${facts.previousRelease} (CSV)`,
      link: links.download(subscriptionId, { release: facts.release, kind: 'changes' }),
    });
  }
  return [...blocks, ...otherFormatLinks(links, subscriptionId, facts.release, facts.hasChangeFile)];
}

/**
 * One lasting link per format other than CSV (the contract's list, so a new format reaches the emails
 * by itself), for the full file and, where there is one, the change file. A format not made yet is
 * prepared on the first click; the link then opens the order page, which waits and downloads it.
 */
export function otherFormatLinks(
  links: OrderLinks,
  subscriptionId: string,
  release: string,
  hasChangeFile: boolean,
): MailBlock[] {
  const names = CONVERTED_FORMATS.map((id) => formatInfo(id).name);
  const kinds = hasChangeFile ? (['full', 'changes'] as const) : (['full'] as const);
  return [
    `The same ${hasChangeFile ? 'files come' : 'file comes'} as ${names.slice(0, -1).join(', ')} and ${names.at(-1)}. ` +
      'A format not ready yet is prepared when you first ask for it (usually a minute or two): ' +
      'the link then opens your order page, which starts the download when the file is ready.',
    ...kinds.flatMap((kind) =>
      CONVERTED_FORMATS.map((format) => {
        const { name, extension } = formatInfo(format);
        return {
          label: `${kind === 'full' ? 'Full file' : 'Change file'}, release ${release}, as ${name} (${extension})`,
          link: links.download(subscriptionId, { release, kind, format }),
        };
      }),
    ),
  ];
}

/** County Tracker's news of a release, sent when it is published: what changed, and both files. */
@Injectable()
@MailTemplate(MailJob.trackerRelease)
export class TrackerReleaseMail {
  constructor(
    private readonly trackerDeliveries: TrackerDeliveriesRepository,
    private readonly datasets: CountyDatasetsService,
    private readonly facts: SubscriptionFactsReader,
    private readonly composer: MailComposer,
    private readonly links: OrderPageLinks,
  ) {}

  async render({ subscriptionId, datasetId }: TrackerReleaseJobData): Promise<RenderedMail | null> {
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
      to: subscription.email,
      subject: `New County Tracker data for ${county}: release ${facts.release}`,
      blocks: [
        `Fresh data for ${county} is ready: release ${facts.release}, ${count(facts.records)} property records.`,
        ...(changes ? [changes] : []),
        ...releaseFileLinks(facts, links, subscriptionId),
        'These links keep working: each time you use one, it makes a fresh download link.',
        { label: 'All the files of your order', link: links.page },
        // Fields announced to leave: at least 90 days' notice, in every release email until they go.
        ...deprecationNotices(new Date().toISOString().slice(0, 10)),
        subscription.expirationDate
          ? `Your County Tracker runs until ${formatDate(subscription.expirationDate)}.`
          : 'Your County Tracker is active.',
      ],
    });
  }
}
