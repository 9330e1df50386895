import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { CountiesRepository } from '../../counties';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import type { ConvertedFormat, DatasetFormat } from '../../../contracts/dataset-formats';
import {
  ConvertedFile,
  CountyDataset,
  CountyDatasetsRepository,
  PublishedRelease,
  ReleaseFileFacts,
  StoredCountyFile,
} from './county-datasets.repository';
import { CurrentRelease, CurrentReleaseQuestion } from './current-release';
import { KeyFieldCounts } from '../../data-schema';
import { DATASET_GENERATOR, type DatasetGenerator } from './dataset-generator';

export type {
  ConvertedFile,
  CountyDataset,
  PublishedRelease,
  ReleaseFileFacts,
  StoredCountyFile,
} from './county-datasets.repository';

/** Which file of a county is current, and the generated stand-ins made on demand where no file was uploaded. */
@Injectable()
export class CountyDatasetsService {
  private readonly generateMissing: boolean;

  constructor(
    private readonly datasets: CountyDatasetsRepository,
    private readonly storage: DatasetStorage,
    private readonly counties: CountiesRepository,
    @Inject(DATASET_GENERATOR) private readonly generator: DatasetGenerator | null,
  ) {
    this.generateMissing = generator !== null;
    if (this.generateMissing) {
      new Logger('Datasets').warn(
        'Dataset generator active: counties without an uploaded file get generated stand-in data (never in production)',
      );
    }
  }

  /**
   * The county's file current at a moment: once the county has uploaded files, the latest
   * uploaded release no later than that month (null when there is none); with no uploads,
   * the generated release of that month, made on demand while the generator is on (never
   * in production); otherwise null.
   */
  async currentDataset(countyId: string, at: Date): Promise<CountyDataset | null> {
    const [current] = await this.currentReleases([{ countyId, at }]);
    if (!current) return null;
    if (current.source === 'generated') return this.ensureRelease(countyId, current.release);
    return this.datasets.find(countyId, current.release, 'uploaded');
  }

  /** The releases currentDataset would give, in one query and without generating any file. */
  currentReleases(questions: CurrentReleaseQuestion[]): Promise<(CurrentRelease | null)[]> {
    return this.datasets.currentReleases(questions, this.generateMissing);
  }

  /**
   * A county's file for a release: the recorded one, or a generated one made now, stored,
   * and recorded once however many ask at once.
   */
  async ensureRelease(countyId: string, release: string): Promise<CountyDataset> {
    const existing = await this.datasets.find(countyId, release, 'generated');
    if (existing) return existing;
    if (!this.generator) throw new NotFoundException('No file of this county was published for that release');
    const county = await this.counties.findRecord(countyId, { includeRemoved: true });
    if (!county) throw new NotFoundException('County not found');
    const { bytes, records, keyFieldCounts } = this.generator.countyDataset(county, release);
    const storageKey = `counties/${county.fips}/${release}.csv.gz`;
    // Deterministic content: a concurrent request writes the very same bytes.
    await this.storage.put(storageKey, bytes);
    await this.datasets.recordGenerated({
      countyId,
      release,
      storageKey,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      records,
      keyFieldCounts,
    });
    return (await this.datasets.find(countyId, release, 'generated'))!;
  }

  /** Records an uploaded file as its county's release (published at once), in the caller's transaction (see the repository). */
  recordUpload(
    db: EntityManager,
    file: StoredCountyFile,
  ): Promise<{ before: CountyDataset | null; after: CountyDataset; releaseId: string } | null> {
    return this.datasets.recordUpload(db, file);
  }

  storeKeyFieldCounts(dataset: CountyDataset, counts: KeyFieldCounts): Promise<boolean> {
    return this.datasets.storeKeyFieldCounts(dataset, counts);
  }

  withoutKeyFieldCounts(): Promise<string[]> {
    return this.datasets.withoutKeyFieldCounts();
  }

  findById(id: string): Promise<CountyDataset | null> {
    return this.datasets.findById(id);
  }

  /** A published release and its published counties' files (null for a draft): whom to tell of it. */
  publishedRelease(releaseId: string): Promise<PublishedRelease | null> {
    return this.datasets.publishedRelease(releaseId);
  }

  /** The ids of the releases published since a moment, oldest first. */
  releasesPublishedSince(since: Date): Promise<string[]> {
    return this.datasets.publishedSince(since);
  }

  /** What a published county file holds and what changed since the county's previous release (see the repository). */
  releaseFileFacts(datasetId: string): Promise<ReleaseFileFacts | null> {
    return this.datasets.releaseFileFacts(datasetId);
  }

  /** The file of a CSV in a format, made from the CSV as it is now; the CSV itself for 'csv'; null while not made. */
  converted(source: CountyDataset, format: DatasetFormat): Promise<CountyDataset | null> {
    return this.datasets.converted(source, format);
  }

  /** Every format made of each CSV, by CSV id. */
  convertedOf(sources: CountyDataset[]): Promise<Map<string, CountyDataset[]>> {
    return this.datasets.convertedOf(sources);
  }

  /** Records a converted file once it is wholly stored (see the repository); null when its CSV changed meanwhile. */
  recordConverted(file: ConvertedFile): Promise<CountyDataset | null> {
    return this.datasets.recordConverted(file);
  }

  /** The published full CSVs of a release. */
  publishedFullFiles(releaseId: string): Promise<CountyDataset[]> {
    return this.datasets.publishedFullFiles(releaseId);
  }

  /** Published full CSVs of recent releases that lack a format, but those pending (see the repository). */
  publishedLackingFormats(
    since: Date,
    formats: readonly ConvertedFormat[],
    pending: { datasetId: string; format: ConvertedFormat; sha256: string }[],
  ): Promise<{ dataset: CountyDataset; format: ConvertedFormat }[]> {
    return this.datasets.publishedLackingFormats(since, formats, pending);
  }

  /** Each county's current staff file, of these counties or (null) of every county: what the parcel store holds. */
  currentStaffFiles(countyIds: string[] | null): Promise<CountyDataset[]> {
    return this.datasets.currentStaffFiles(countyIds);
  }

  /** The files of these ids (those that exist). */
  findByIds(ids: string[]): Promise<CountyDataset[]> {
    return this.datasets.findByIds(ids);
  }
}
