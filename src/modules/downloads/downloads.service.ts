import {
  ConflictException,
  ForbiddenException,
  GoneException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { countyFileStem } from '../../common/slug';
import { appConfig, authConfig } from '../../config';
import { DatasetFormat, formatInfo } from '../../contracts/dataset-formats';
import { CountiesRepository } from '../counties';
import { DatasetFormatsService, PREPARING_RETRY_AFTER_SECONDS, RETRY_FAILED_AFTER_MS } from '../formats';
import { CountyDataset, CountyDatasetsService, DATA_NOT_AVAILABLE, EntitledPeriod, includesDataset } from '../releases';
import { OrdersRepository } from '../orders';
import { SubscriptionRow, SubscriptionScope, SubscriptionsRepository } from '../subscriptions';
import { DownloadTokens } from './download-token';
import { IncludedFilesService } from './included-files.service';
import type { DownloadChoiceDto } from './dto/download-choice.dto';

/** Who asks for a link: a signed-in customer, or whoever holds an order's page token. */
export type SubscriptionOwner = { userId: string } | { orderId: string };

export const EXPIRED_LINK = 'This download link has expired. Get a fresh one from your dashboard or your order page.';

const NOT_ENTITLED =
  'This subscription does not include this file any more. Your dashboard shows what you can download.';

export const CHANGES_ARE_TRACKER =
  'Change files come with County Tracker: a County SnapShot includes the full file it was bought with.';

export const SUSPENDED = 'Downloads for this subscription are on hold while a dispute of its payment is open.';
const contactSupport = (email: string) =>
  email ? `Write to ${email} if you have questions.` : 'Contact us if you have questions.';

/** Download links, with the entitlement (./entitlement) checked when a link is made and again when it is used. */
@Injectable()
export class DownloadsService {
  private readonly tokens: DownloadTokens;
  private readonly notAvailable: string;

  private readonly suspended: string;

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly orders: OrdersRepository,
    private readonly counties: CountiesRepository,
    private readonly datasets: CountyDatasetsService,
    private readonly included: IncludedFilesService,
    private readonly formats: DatasetFormatsService,
    @Inject(authConfig.KEY) auth: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {
    this.tokens = new DownloadTokens(auth.sessionSecrets);
    this.suspended = `${SUSPENDED} ${contactSupport(app.supportEmail)}`;
    this.notAvailable = `${DATA_NOT_AVAILABLE} Please try again in a few days${
      app.supportEmail ? `, or write to ${app.supportEmail}` : ''
    }.`;
  }

  /**
   * A 15-minute link to the file a subscription entitles its owner to now: for a one-time
   * purchase the county's file current when it was bought, for an annual one the file
   * current now (see ./entitlement). 409 while the county has no such file yet. With a choice, the
   * full file or the change file of one release the subscription includes (see chosenFile), in the
   * format chosen: 409 with Retry-After while that format is being prepared (see inFormat).
   */
  async linkFor(subscriptionId: string, owner: SubscriptionOwner, choice: DownloadChoiceDto = {}) {
    const subscription = await this.subscriptions.find(subscriptionId, await this.scopeOf(owner));
    if (!subscription) throw new NotFoundException('Subscription not found');
    if (subscription.suspended) throw new ForbiddenException(this.suspended);
    const period = this.included.periodOf(subscription);
    if (!period) throw new ForbiddenException(NOT_ENTITLED);
    const dataset =
      choice.release === undefined && choice.kind === undefined
        ? await this.datasets.currentDataset(subscription.countyId, period.to)
        : await this.chosenFile(subscription, period, choice);
    if (!dataset) throw new ConflictException(this.notAvailable);
    const file = await this.inFormat(dataset, choice.format ?? 'csv');
    const { token, expiresAt } = this.tokens.issue({ subscriptionId, datasetId: file.id });
    const place = (await this.counties.placesOf([subscription.countyId])).get(subscription.countyId);
    return {
      url: `${this.app.publicUrl}/api/downloads/${token}`,
      release: file.release,
      kind: file.kind,
      format: file.format,
      filename: place ? countyFileName(place, file) : `${file.release}${formatInfo(file.format).extension}`,
      records: file.records,
      bytes: file.bytes,
      sha256: file.sha256,
      schemaVersion: file.schemaVersion,
      expiresAt,
    };
  }

  /**
   * The file in the chosen format: the CSV itself, or the file converted from it. A format not made
   * yet is queued for the worker (once, however many ask) and answered 409 with Retry-After, saying
   * so in words a buyer can act on; so is one whose conversion failed, until it is tried again.
   */
  private async inFormat(dataset: CountyDataset, format: DatasetFormat): Promise<CountyDataset> {
    const available = await this.formats.availability(dataset, format);
    if (available.state === 'ready') return available.file;
    const { name } = formatInfo(format);
    const failed = available.conversion?.state === 'failed';
    throw new HttpException(
      {
        statusCode: HttpStatus.CONFLICT,
        error: 'Conflict',
        message: failed
          ? `The ${name} of this file could not be prepared; we have been told and will try again. Download the CSV ` +
            `meanwhile${this.app.supportEmail ? `, or write to ${this.app.supportEmail}` : ''}.`
          : `The ${name} of this file is being prepared. Try again in a minute.`,
        retryAfter: failed ? RETRY_FAILED_AFTER_MS / 1000 : PREPARING_RETRY_AFTER_SECONDS,
      },
      HttpStatus.CONFLICT,
    );
  }

  /** The file behind a link, if the link is sound and unexpired and the subscription still entitles it. */
  async open(token: string): Promise<{ dataset: CountyDataset; filename: string }> {
    const checked = this.tokens.check(token);
    if (!checked.valid) {
      if (checked.reason === 'expired') throw new GoneException(EXPIRED_LINK);
      throw new NotFoundException(
        'This download link is not valid. Get a fresh one from your dashboard or your order page.',
      );
    }
    const subscription = await this.subscriptions.find(checked.grant.subscriptionId);
    const dataset = await this.datasets.findById(checked.grant.datasetId);
    // Only this server signs links, and only to published files; checked all the same, as everything here.
    if (!subscription || !dataset || dataset.countyId !== subscription.countyId || !dataset.publishedAt)
      throw new ForbiddenException(NOT_ENTITLED);
    // A link made before the dispute opened is refused too: it is checked at every use.
    if (subscription.suspended) throw new ForbiddenException(this.suspended);
    const changes = dataset.kind === 'changes';
    if (changes && subscription.purchaseType !== 'annual') throw new ForbiddenException(CHANGES_ARE_TRACKER);
    const period = this.included.periodOf(subscription);
    if (!period) throw new ForbiddenException(NOT_ENTITLED);
    // Looked up again, not trusted from the link: an upload since may have moved the bounds.
    const [first, last] = await this.datasets.currentReleases([
      { countyId: subscription.countyId, at: period.from },
      { countyId: subscription.countyId, at: period.to },
    ]);
    if (!includesDataset(dataset, period, first, last)) throw new ForbiddenException(NOT_ENTITLED);
    const place = (await this.counties.placesOf([subscription.countyId])).get(subscription.countyId);
    if (!place) throw new ForbiddenException(NOT_ENTITLED);
    return { dataset, filename: countyFileName(place, dataset) };
  }

  /**
   * The file a choice names, if the subscription includes it: a release from the one current at the
   * subscription's start through the one current at the end of its period (for a SnapShot, the one
   * it was bought with), and a change file only for County Tracker. 404 for a release the county
   * does not have, or one without a change file (a county's first release).
   */
  private async chosenFile(
    subscription: SubscriptionRow,
    period: EntitledPeriod,
    choice: DownloadChoiceDto,
  ): Promise<CountyDataset | null> {
    const file = choice.kind ?? 'full';
    if (file === 'changes' && subscription.purchaseType !== 'annual') throw new ForbiddenException(CHANGES_ARE_TRACKER);
    const range = await this.included.includedReleases(subscription, period);
    if (!range) return null;
    const release = choice.release ?? range.last.release;
    const { lowest, last } = range;
    if (release < lowest || release > last.release) {
      const included = lowest === last.release ? `the ${lowest} release` : `releases ${lowest} through ${last.release}`;
      throw new ForbiddenException(
        `This subscription does not include the ${release} release: it includes ${included}. Your dashboard shows what you can download.`,
      );
    }
    const files = await this.included.releaseFiles(subscription.countyId, range, release);
    if (!files)
      throw new NotFoundException(
        `This county has no ${release} release. Your dashboard shows the releases you can download.`,
      );
    if (file === 'full') return files.full;
    if (!files.changes)
      throw new NotFoundException(
        `The ${release} release of this county has no change file: it is the county's first release, with nothing ` +
          'earlier to compare. Download its full file instead.',
      );
    return files.changes;
  }

  private async scopeOf(owner: SubscriptionOwner): Promise<SubscriptionScope> {
    return 'userId' in owner ? owner : { orderItemIds: await this.orders.itemIds(owner.orderId) };
  }
}

/** `baltimore-city-md-2026-11.gpkg`, `…-2026-11-changes.geojson.gz`: county, release, kind, and the format's extension. */
export function countyFileName(place: { name: string; stateCode: string }, file: CountyDataset): string {
  const stem = countyFileStem(place.name, place.stateCode);
  return `${stem}-${file.release}${file.kind === 'changes' ? '-changes' : ''}${formatInfo(file.format).extension}`;
}
