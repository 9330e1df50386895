import { ForbiddenException, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CountiesRepository } from '../counties';
import { ChangeType } from '../data-schema';
import { IncludedFilesService } from '../downloads';
import { NetChangesService, ReleaseSpan } from '../releases';
import { SubscriptionsRepository } from '../subscriptions';
import { CHANGE_STREAM_TYPES, ChangeStreamFormat, changeStreamOf } from './change-stream';
import type { ChangesQueryDto } from './dto/changes-query.dto';
import { StreamSlots } from './stream-slots';

/** Change streams one API process runs at once, and one customer's (see StreamSlots). */
export const CHANGE_STREAM_LIMITS = { process: 4, customer: 2 };

/**
 * GET /api/v1/changes: a County Tracker subscriber's net changes of one county since a release
 * they held, to the release their Tracker includes now (see NetChangesService), streamed as CSV
 * or newline-delimited JSON.
 */
@Injectable()
export class ChangesSinceService {
  private readonly logger = new Logger('ChangesSince');
  private readonly slots = new StreamSlots(CHANGE_STREAM_LIMITS, 'change streams');

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly included: IncludedFilesService,
    private readonly counties: CountiesRepository,
    private readonly netChanges: NetChangesService,
  ) {}

  async answer(userId: string, query: ChangesQueryDto, format: ChangeStreamFormat, res: Response): Promise<void> {
    const span = await this.spanOf(userId, query.county, query.since);
    const types = query.types ? new Set(query.types.split(',') as ChangeType[]) : null;
    await this.slots.run(userId, () =>
      this.netChanges.withNetChanges(span, async (changes) => {
        res.status(200);
        res.setHeader('Content-Type', CHANGE_STREAM_TYPES[format]);
        res.setHeader('Cds-Since', span.since);
        res.setHeader('Cds-Release', span.through);
        if (changes.schemaVersion) res.setHeader('Cds-Schema-Version', changes.schemaVersion);
        res.setHeader('Cache-Control', 'no-store');
        try {
          await pipeline(Readable.from(changeStreamOf(changes, format, types)), res);
        } catch (error) {
          // Past the headers no status can say it: the stream is cut short, which the client sees.
          if (!res.writableEnded) this.logger.warn(`A change stream ended early: ${(error as Error).message}`);
          res.destroy();
        }
      }),
    );
  }

  /**
   * The span the customer's Tracker allows: from `since` (a release it includes) to the last
   * release it includes now. 403 without a Tracker of the county that includes anything now, or
   * with `since` before its first release.
   */
  private async spanOf(userId: string, fips: string, since: string, now = new Date()): Promise<ReleaseSpan> {
    const held = await this.subscriptions.list({ userId });
    const records = await this.counties.recordsOf(held.map((s) => s.countyId));
    const ofCounty = held.filter((s) => records.get(s.countyId)?.fips === fips);
    if (ofCounty.length === 0) throw new ForbiddenException(`You hold no subscription for county ${fips}`);
    const trackers = ofCounty.filter((s) => s.purchaseType === 'annual');
    if (trackers.length === 0) {
      throw new ForbiddenException(
        `Changes since a release come with County Tracker; your subscription for county ${fips} is a County SnapShot`,
      );
    }
    for (const tracker of trackers) {
      const period = tracker.suspended ? null : this.included.periodOf(tracker, now);
      const range = period && (await this.included.includedReleases(tracker, period));
      if (!range) continue;
      if (since < range.lowest) {
        throw new ForbiddenException(
          `Your County Tracker for county ${fips} includes releases from ${range.lowest}: ask for the changes since one of them`,
        );
      }
      return { countyId: tracker.countyId, since, through: range.last.release };
    }
    throw new ForbiddenException(
      `Your County Tracker for county ${fips} includes no release now (expired, cancelled, refunded or on hold during a payment dispute)`,
    );
  }
}
