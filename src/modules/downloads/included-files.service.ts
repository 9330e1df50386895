import { Injectable } from '@nestjs/common';
import {
  CountyDataset,
  CountyDatasetsService,
  CurrentRelease,
  entitledPeriod,
  EntitledPeriod,
  releaseOf,
  ReleaseHistoryService,
} from '../releases';
import type { SubscriptionRow } from '../subscriptions';

/** The releases a subscription includes: from `lowest` through the county's `last` one in its period. */
export interface IncludedReleases {
  lowest: string;
  last: CurrentRelease;
}

/** A release's files: the full one, and the change file (null for a county's first release and a stand-in). */
export interface ReleaseFiles {
  full: CountyDataset;
  changes: CountyDataset | null;
}

/**
 * Which releases of its county a subscription includes, and their files: the one rule behind
 * download links and release manifests (see ../releases/files/entitlement.ts).
 */
@Injectable()
export class IncludedFilesService {
  constructor(
    private readonly datasets: CountyDatasetsService,
    private readonly releases: ReleaseHistoryService,
  ) {}

  /** What the subscription includes now, as a period; null when nothing (cancelled, refunded, expired). */
  periodOf(subscription: SubscriptionRow, now = new Date()): EntitledPeriod | null {
    return entitledPeriod(subscription, now);
  }

  /**
   * The releases within the period: from the one current at its start (for a SnapShot, the one it
   * was bought with) through the one current at its end; null while the county has none.
   */
  async includedReleases(subscription: SubscriptionRow, period: EntitledPeriod): Promise<IncludedReleases | null> {
    const [range] = await this.includedReleasesOf([{ subscription, period }]);
    return range;
  }

  /** includedReleases of many subscriptions, in one query, in their order. */
  async includedReleasesOf(
    items: { subscription: SubscriptionRow; period: EntitledPeriod }[],
  ): Promise<(IncludedReleases | null)[]> {
    const current = await this.datasets.currentReleases(
      items.flatMap(({ subscription, period }) => [
        { countyId: subscription.countyId, at: period.from },
        { countyId: subscription.countyId, at: period.to },
      ]),
    );
    return items.map(({ period }, i) => {
      const [first, last] = [current[2 * i], current[2 * i + 1]];
      return last ? { lowest: first?.release ?? releaseOf(period.from), last } : null;
    });
  }

  /**
   * The files of one release of the range (the caller checks it lies within): the published ones,
   * or the generated stand-in made now (never in production; one file a month, no change files).
   * Null when the county has no such release.
   */
  async releaseFiles(countyId: string, range: IncludedReleases, release: string): Promise<ReleaseFiles | null> {
    if (range.last.source === 'generated')
      return { full: await this.datasets.ensureRelease(countyId, release), changes: null };
    return this.releases.filesOf(countyId, release);
  }
}
