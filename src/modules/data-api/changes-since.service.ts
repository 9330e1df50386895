import { ForbiddenException, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
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

/**
 * Streams one process runs at once, and one customer's: each holds a database connection while it
 * streams (seconds for a large county), and the pool serves every other request too.
 */
export const CHANGE_STREAM_LIMITS = { process: 4, customer: 2 };
/** Seconds a refused stream is told to wait: about what a large county's stream takes. */
const RETRY_AFTER_SECONDS = 10;

/**
 * GET /api/v1/changes: a County Tracker subscriber's net changes of one county since a release
 * they held, to the release their Tracker includes now (see NetChangesService), streamed as CSV
 * or newline-delimited JSON.
 */
@Injectable()
export class ChangesSinceService {
  private readonly logger = new Logger('ChangesSince');
  private running = 0;
  private readonly runningFor = new Map<string, number>();

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly included: IncludedFilesService,
    private readonly counties: CountiesRepository,
    private readonly netChanges: NetChangesService,
  ) {}

  async answer(userId: string, query: ChangesQueryDto, format: ChangeStreamFormat, res: Response): Promise<void> {
    const span = await this.spanOf(userId, query.county, query.since);
    const types = query.types ? new Set(query.types.split(',') as ChangeType[]) : null;
    await this.inTurn(userId, () =>
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

  /** Runs a stream when this process and this customer have room for one; 503 or 429 with Retry-After otherwise. */
  private async inTurn(userId: string, work: () => Promise<void>): Promise<void> {
    const mine = this.runningFor.get(userId) ?? 0;
    if (mine >= CHANGE_STREAM_LIMITS.customer) {
      throw new HttpException(
        {
          statusCode: HttpStatus.TOO_MANY_REQUESTS,
          message: `At most ${CHANGE_STREAM_LIMITS.customer} change streams of yours at once: try again when one has ended`,
          retryAfter: RETRY_AFTER_SECONDS,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    if (this.running >= CHANGE_STREAM_LIMITS.process) {
      throw new HttpException(
        {
          statusCode: HttpStatus.SERVICE_UNAVAILABLE,
          message: 'Too many change streams are running: try again shortly',
          retryAfter: RETRY_AFTER_SECONDS,
        },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    this.running++;
    this.runningFor.set(userId, mine + 1);
    try {
      await work();
    } finally {
      this.running--;
      const left = (this.runningFor.get(userId) ?? 1) - 1;
      if (left === 0) this.runningFor.delete(userId);
      else this.runningFor.set(userId, left);
    }
  }
}
