import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { countyFileStem } from '../../common/slug';
import { SAMPLE_RECORDS } from '../../contracts/county-dataset';
import { FORMAT_IDS } from '../../contracts/dataset-formats';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { CountiesRepository, CountyRecord } from '../counties';
import { CountyDataset, CountyDatasetsService } from '../releases';
import { csvSampleOf } from '../data-schema';
import { DatasetsQueue } from '../releases';
import { DATA_NOT_AVAILABLE } from '../releases';
import { CountyDatasetSummaryDto } from './dto/county-dataset-summary.dto';
import { fillRates, parcelShapesOf } from '../data-schema';

/** The free sample of a county's current release, ready to be sent. */
export interface CountySample {
  /** Strong: the sample is cut from one file, which its SHA-256 names. */
  etag: string;
  filename: string;
  /** The sample's bytes, read from storage only when asked for. */
  open(): AsyncGenerator<Buffer>;
}

/**
 * What a county on sale holds, shown before buying: the release a purchase made now would
 * include (the same rule as purchases: see CountyDatasetsService.currentDataset), its size and
 * how completely it fills the key fields, and a free sample of its first records. A release
 * recorded before its key fields were counted has no fill rates until the worker counts them.
 */
@Injectable()
export class DatasetSummaryService {
  private readonly logger = new Logger('DatasetSummary');

  constructor(
    private readonly counties: CountiesRepository,
    private readonly datasets: CountyDatasetsService,
    private readonly storage: DatasetStorage,
    private readonly queue: DatasetsQueue,
  ) {}

  async summary(countyId: string): Promise<CountyDatasetSummaryDto> {
    const { county, dataset } = await this.current(countyId);
    const counts = dataset.keyFieldCounts;
    if (!counts) await this.queueCounting(dataset.id);
    const made = (await this.datasets.convertedOf([dataset])).get(dataset.id) ?? [];
    const sizes = new Map<string, number>([
      ['csv', dataset.bytes],
      ...made.map((file) => [file.format, file.bytes] as const),
    ]);
    return {
      countyId: county.id,
      name: county.name,
      state: county.state,
      release: dataset.release,
      publishedAt: (dataset.publishedAt ?? dataset.createdAt).toISOString(),
      parcels: dataset.records,
      fileBytes: dataset.bytes,
      fillRates: counts ? fillRates(counts, dataset.records) : null,
      shapes: parcelShapesOf(counts),
      formats: FORMAT_IDS.map((format) => ({ format, bytes: sizes.get(format) ?? null })),
      sampleUrl: `/api/counties/${county.id}/sample.csv`,
    };
  }

  async sample(countyId: string): Promise<CountySample> {
    const { county, dataset } = await this.current(countyId);
    return {
      etag: `"sample-${dataset.sha256}"`,
      filename: `${countyFileStem(county.name, county.stateCode)}-sample-${dataset.release}.csv`,
      open: () => csvSampleOf(this.storage.read(dataset.storageKey), SAMPLE_RECORDS),
    };
  }

  private async current(countyId: string): Promise<{ county: CountyRecord; dataset: CountyDataset }> {
    const county = await this.counties.findRecord(countyId, { includeRemoved: false });
    if (!county) throw new NotFoundException('County not found');
    const dataset = await this.datasets.currentDataset(county.id, new Date());
    if (!dataset) throw new ConflictException(DATA_NOT_AVAILABLE);
    return { county, dataset };
  }

  /** Queued again by every summary that lacks them: a job that is queued already is not queued twice. */
  private async queueCounting(datasetId: string): Promise<void> {
    try {
      await this.queue.queueKeyFieldCounts(datasetId);
    } catch (error) {
      // The summary is still right without them; the worker's sweep queues the counting later.
      this.logger.warn(`Key field counts of release ${datasetId} not queued: ${(error as Error).message}`);
    }
  }
}
