import { Injectable } from '@nestjs/common';
import { CONVERTED_FORMATS } from '../../contracts/dataset-formats';
import { CountiesRepository, CountyRecord } from '../counties';
import { SCHEMA_VERSION } from '../data-schema';
import { countyFileName, IncludedFilesService, ReleaseFiles } from '../downloads';
import { CountyDataset, CountyDatasetsService, ReleaseFileFacts } from '../releases';
import { SubscriptionRow, SubscriptionsRepository } from '../subscriptions';
import type { ManifestCountyDto, ManifestFileDto, ReleaseManifestDto } from './dto/release-manifest.dto';

/** A county's files of the release, and the subscription that includes them. */
interface HeldCounty {
  subscription: SubscriptionRow;
  files: ReleaseFiles;
}

/**
 * A release's manifest for one customer: each county they hold in it (the same rule as download
 * links: see IncludedFilesService) with every stored file they may download, its size, SHA-256,
 * records and schema version, so a pipeline can verify what it loaded. Read only: a format not made
 * yet is listed as preparing, not queued.
 */
@Injectable()
export class ReleaseManifestService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly included: IncludedFilesService,
    private readonly datasets: CountyDatasetsService,
    private readonly counties: CountiesRepository,
  ) {}

  async manifestOf(userId: string, release: string, now = new Date()): Promise<ReleaseManifestDto> {
    return (await this.manifestsOf([userId], release, null, now)).get(userId)!;
  }

  /**
   * The manifests of many customers for one release (every customer asked has one, maybe empty),
   * limited to `countyIds` when given: what a release.published event lists. In a few queries
   * whatever the number of customers (their subscriptions, included releases and counties at
   * once), and each county's files looked up once however many hold it.
   */
  async manifestsOf(
    userIds: string[],
    release: string,
    countyIds: Set<string> | null,
    now = new Date(),
  ): Promise<Map<string, ReleaseManifestDto>> {
    const subscriptions = (await this.subscriptions.listOfCustomers(userIds)).flatMap((subscription) => {
      if (subscription.suspended || (countyIds && !countyIds.has(subscription.countyId))) return [];
      const period = this.included.periodOf(subscription, now);
      return period ? [{ subscription, period }] : [];
    });
    const ranges = await this.included.includedReleasesOf(subscriptions);
    const releaseFiles = new Map<string, Promise<ReleaseFiles | null>>();
    const held = new Map(userIds.map((userId) => [userId, new Map<string, HeldCounty>()]));
    for (const [i, { subscription }] of subscriptions.entries()) {
      const range = ranges[i];
      if (!range || release < range.lowest || release > range.last.release) continue;
      // A county's files of the release are everyone's: looked up once (a stand-in is another file).
      const key = `${subscription.countyId}:${range.last.source}`;
      if (!releaseFiles.has(key))
        releaseFiles.set(key, this.included.releaseFiles(subscription.countyId, range, release));
      const files = await releaseFiles.get(key)!;
      if (!files) continue;
      const customer = held.get(subscription.userId)!;
      const other = customer.get(subscription.countyId);
      // A county bought twice (a SnapShot, then a Tracker) is listed once, with what gives the most.
      if (!other || (other.subscription.purchaseType !== 'annual' && subscription.purchaseType === 'annual')) {
        // Change files come with County Tracker only.
        const included = subscription.purchaseType === 'annual' ? files : { full: files.full, changes: null };
        customer.set(subscription.countyId, { subscription, files: included });
      }
    }
    // Removed counties too: a subscription keeps its county.
    const records = await this.counties.recordsOf(subscriptions.map(({ subscription }) => subscription.countyId));
    const listings = new Map<string, Promise<CountyListing>>();
    const listingOf = (files: ReleaseFiles) => {
      const key = `${files.full.id}:${files.changes?.id ?? ''}`;
      if (!listings.has(key)) listings.set(key, this.listingOf(files));
      return listings.get(key)!;
    };
    const manifests = new Map<string, ReleaseManifestDto>();
    for (const [userId, counties] of held) {
      const entries = await Promise.all(
        [...counties.values()].map(async (county) =>
          entryOf(county, records.get(county.subscription.countyId)!, await listingOf(county.files)),
        ),
      );
      manifests.set(userId, {
        release,
        schemaVersion: SCHEMA_VERSION,
        counties: entries.sort((a, b) => a.county.fips.localeCompare(b.county.fips)),
      });
    }
    return manifests;
  }

  /** What a county's files of the release are: the same for everyone who holds them. */
  private async listingOf(files: ReleaseFiles): Promise<CountyListing> {
    const sources = [files.full, ...(files.changes ? [files.changes] : [])];
    const [converted, facts] = await Promise.all([
      this.datasets.convertedOf(sources),
      this.datasets.releaseFileFacts(files.full.id),
    ]);
    return { sources, converted, facts };
  }
}

/** A county's files of a release and what is known of them (see listingOf). */
interface CountyListing {
  sources: CountyDataset[];
  converted: Map<string, CountyDataset[]>;
  facts: ReleaseFileFacts | null;
}

/** One customer's entry for a county they hold. */
function entryOf(
  { subscription, files }: HeldCounty,
  county: CountyRecord,
  { sources, converted, facts }: CountyListing,
): ManifestCountyDto {
  const listed: ManifestFileDto[] = [];
  const preparing: ManifestCountyDto['preparing'] = [];
  for (const source of sources) {
    const made = converted.get(source.id) ?? [];
    listed.push(fileEntry(county, source));
    for (const format of CONVERTED_FORMATS) {
      const file = made.find((m) => m.format === format);
      if (file) listed.push(fileEntry(county, file));
      else preparing.push({ kind: source.kind, format });
    }
  }
  const { id, name, state, stateCode, fips } = county;
  return {
    county: { id, name, state, stateCode, fips },
    subscriptionId: subscription.id,
    plan: subscription.purchaseType,
    records: files.full.records,
    changes:
      facts?.previousRelease && facts.added !== null && facts.removed !== null && facts.changed !== null
        ? {
            previousRelease: facts.previousRelease,
            added: facts.added,
            removed: facts.removed,
            changed: facts.changed,
          }
        : null,
    downloadLink: `/api/v1/subscriptions/${subscription.id}/download-link`,
    files: listed,
    preparing,
  };
}

function fileEntry(place: { name: string; stateCode: string }, file: CountyDataset): ManifestFileDto {
  return {
    kind: file.kind,
    format: file.format,
    filename: countyFileName(place, file),
    bytes: file.bytes,
    sha256: file.sha256,
    records: file.records,
    schemaVersion: file.schemaVersion,
  };
}
