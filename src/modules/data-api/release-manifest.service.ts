import { Injectable } from '@nestjs/common';
import { CONVERTED_FORMATS } from '../../contracts/dataset-formats';
import { CountiesRepository, CountyRecord } from '../counties';
import { SCHEMA_VERSION } from '../data-schema';
import { countyFileName, IncludedFilesService, ReleaseFiles } from '../downloads';
import { CountyDataset, CountyDatasetsService } from '../releases';
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
    const held = new Map<string, HeldCounty>();
    for (const subscription of await this.subscriptions.list({ userId })) {
      const files = await this.filesHeld(subscription, release, now);
      const other = held.get(subscription.countyId);
      // A county bought twice (a SnapShot, then a Tracker) is listed once, with what gives the most.
      if (files && (!other || (other.subscription.purchaseType !== 'annual' && subscription.purchaseType === 'annual')))
        held.set(subscription.countyId, { subscription, files });
    }
    // Removed counties too: a subscription keeps its county.
    const records = await this.counties.recordsOf([...held.keys()]);
    const counties = await Promise.all(
      [...held.values()].map((county) => this.entryOf(county, records.get(county.subscription.countyId)!)),
    );
    return {
      release,
      schemaVersion: SCHEMA_VERSION,
      counties: counties.sort((a, b) => a.county.fips.localeCompare(b.county.fips)),
    };
  }

  /** The release's files the subscription includes now: none when suspended, ended or outside its releases. */
  private async filesHeld(subscription: SubscriptionRow, release: string, now: Date): Promise<ReleaseFiles | null> {
    if (subscription.suspended) return null;
    const period = this.included.periodOf(subscription, now);
    if (!period) return null;
    const range = await this.included.includedReleases(subscription, period);
    if (!range || release < range.lowest || release > range.last.release) return null;
    const files = await this.included.releaseFiles(subscription.countyId, range, release);
    if (!files) return null;
    // Change files come with County Tracker only.
    return subscription.purchaseType === 'annual' ? files : { full: files.full, changes: null };
  }

  private async entryOf({ subscription, files }: HeldCounty, county: CountyRecord): Promise<ManifestCountyDto> {
    const sources = [files.full, ...(files.changes ? [files.changes] : [])];
    const [converted, facts] = await Promise.all([
      this.datasets.convertedOf(sources),
      this.datasets.releaseFileFacts(files.full.id),
    ]);
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
