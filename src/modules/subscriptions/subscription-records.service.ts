import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageRequest } from '../../common/list-page';
import { CountiesRepository, type CountyPlace } from '../counties';
import {
  type SubscriptionListCriteria,
  SubscriptionListRepository,
  type SubscriptionListRow,
} from './subscription-list.repository';
import {
  type SubscriptionFigures,
  type SubscriptionRow,
  type SubscriptionScope,
  SubscriptionsRepository,
} from './subscriptions.repository';
import { TrackerDeliveriesRepository } from './tracker-deliveries.repository';

/** A customer's subscription with where its county is (gone when the county is) and whether a Tracker email went. */
export type CustomerSubscriptionRecord = SubscriptionRow & { place: CountyPlace | undefined; hasTrackerEmail: boolean };

/**
 * Subscriptions as staff read and change them: the figures and lists of every one, a customer's, and
 * one held still in the caller's transaction while staff cancel or extend it.
 */
@Injectable()
export class SubscriptionRecords {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly list: SubscriptionListRepository,
    private readonly trackerDeliveries: TrackerDeliveriesRepository,
    private readonly counties: CountiesRepository,
  ) {}

  figures(): Promise<SubscriptionFigures> {
    return this.subscriptions.figures();
  }

  /** One page of the subscriptions that match, with their customer and county, and how many match in all. */
  page(criteria: SubscriptionListCriteria, page: PageRequest): Promise<{ rows: SubscriptionListRow[]; total: number }> {
    return this.list.page(criteria, page);
  }

  /** Every subscription that matches, in the list's order, a batch at a time. */
  each(criteria: SubscriptionListCriteria, batchSize: number): AsyncGenerator<SubscriptionListRow[]> {
    return this.list.each(criteria, batchSize);
  }

  /** The customer's subscriptions, newest first. */
  async ofCustomer(userId: string): Promise<CustomerSubscriptionRecord[]> {
    const subscriptions = await this.subscriptions.list({ userId });
    const [places, trackerMailed] = await Promise.all([
      this.counties.placesOf(subscriptions.map((s) => s.countyId)),
      this.trackerDeliveries.mailedAny(subscriptions.filter((s) => s.purchaseType === 'annual').map((s) => s.id)),
    ]);
    return subscriptions.map((s) => ({
      ...s,
      place: places.get(s.countyId),
      hasTrackerEmail: trackerMailed.has(s.id),
    }));
  }

  /** The subscription, if it is within the scope given (any subscription without one). */
  find(id: string, scope?: SubscriptionScope): Promise<SubscriptionRow | null> {
    return this.subscriptions.find(id, scope);
  }

  /** The County Tracker's latest email queued (the month's delivery or a release's news), or null. */
  latestTrackerEmail(
    subscriptionId: string,
  ): Promise<{ occasion: 'monthly' | 'release'; month: string; datasetId: string } | null> {
    return this.trackerDeliveries.latestMailed(subscriptionId);
  }

  /** The subscription, locked until the caller's transaction ends, if it is within the scope given. */
  lock(db: EntityManager, id: string, scope?: SubscriptionScope): Promise<SubscriptionRow | null> {
    return this.subscriptions.lock(db, id, scope);
  }

  /** Ends it at once: no access, no renewal. */
  cancel(db: EntityManager, id: string): Promise<void> {
    return this.subscriptions.cancel(db, id);
  }

  /** Its period ends that much later (on the UTC calendar); answers the new end. */
  extendBy(db: EntityManager, id: string, by: { unit: 'days' | 'months'; count: number }): Promise<Date> {
    return this.subscriptions.extendBy(db, id, by);
  }
}
