import { Injectable } from '@nestjs/common';
import { planFor } from '../../contracts/plans';
import { CountiesRepository } from '../counties';
import { CustomerSubscriptionsService } from '../subscriptions';
import { ApiSubscriptionDto } from './dto/api-subscription.dto';

/** The data API's view of a customer's subscriptions: the dashboard's list (same rules), with county ids and FIPS codes. */
@Injectable()
export class DataApiService {
  constructor(
    private readonly subscriptions: CustomerSubscriptionsService,
    private readonly counties: CountiesRepository,
  ) {}

  async subscriptionsOf(userId: string): Promise<ApiSubscriptionDto[]> {
    const listed = await this.subscriptions.listWithCountyIds(userId);
    // Removed counties too: a subscription keeps its county.
    const records = await this.counties.recordsOf(listed.map((l) => l.countyId));
    return listed.map(({ countyId, subscription: s }) => {
      const county = records.get(countyId)!;
      return {
        id: s.id,
        county: {
          id: county.id,
          name: county.name,
          state: county.state,
          stateCode: county.stateCode,
          fips: county.fips,
        },
        plan: s.purchaseType,
        planName: planFor(s.purchaseType).name,
        status: s.status,
        autoRenew: s.autoRenew,
        startDate: s.startDate,
        expirationDate: s.expirationDate,
        downloadableRelease: s.downloadableRelease,
        downloadableReleases: s.downloadableReleases,
      };
    });
  }
}
