import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatDate } from '../../../common/dates';
import type { OutgoingMail } from '../../../integrations/mail/mail-transport';
import { OrderPageLinks } from '../../order-page/order-page-links';
import { MailTemplate, TrackerDeliveryJobData } from '../mail.constants';
import { MailComposer } from './mail-composer';
import { SubscriptionFactsReader } from './subscription-facts';

/** County Tracker's monthly email: the county's file for the month, and plainly whether it changed. */
@Injectable()
export class TrackerDeliveryMail implements MailTemplate<TrackerDeliveryJobData> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly facts: SubscriptionFactsReader,
    private readonly composer: MailComposer,
    private readonly links: OrderPageLinks,
  ) {}

  async build({ subscriptionId, month }: TrackerDeliveryJobData): Promise<OutgoingMail | null> {
    const subscription = await this.facts.read(subscriptionId);
    const [delivery] = await this.db.query<{ dataChanged: boolean; release: string; records: number | string }[]>(
      `SELECT d.data_changed AS "dataChanged", ds.release, ds.records
       FROM tracker_deliveries d JOIN county_datasets ds ON ds.id = d.dataset_id
       WHERE d.subscription_id = $1 AND d.month = $2`,
      [subscriptionId, month],
    );
    if (!subscription || !delivery || subscription.status !== 'active') return null;
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
    return this.composer.compose({
      key: `tracker-delivery-${subscriptionId}-${month}`,
      to: subscription.email,
      subject: `Your ${monthName} County Tracker data: ${county}`,
      blocks: [
        news,
        {
          label: `Download ${county} (${delivery.release})`,
          link: this.links.download(subscription.orderId, subscriptionId),
        },
        'This link keeps working: each time you use it, it makes a fresh download link.',
        { label: 'All the files of your order', link: this.links.page(subscription.orderId) },
        subscription.expirationDate
          ? `Your County Tracker runs until ${formatDate(subscription.expirationDate)}.`
          : 'Your County Tracker is active.',
      ],
    });
  }
}
