import { Injectable, Logger } from '@nestjs/common';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { CountyDatasetsService } from './county-datasets.service';
import { DatasetsQueue } from './datasets-queue.service';
import { countKeyFields } from '../../data-schema';

/**
 * Key field counts of releases recorded before they were kept: the worker reads each such file
 * once, streaming, and stores its counts with the release. Files run to hundreds of megabytes,
 * which is why no request ever reads one whole.
 */
@Injectable()
export class KeyFieldCountingService {
  private readonly logger = new Logger('KeyFieldCounts');

  constructor(
    private readonly datasets: CountyDatasetsService,
    private readonly storage: DatasetStorage,
    private readonly queue: DatasetsQueue,
  ) {}

  /** Counts the release's file and stores the counts; a release counted or replaced meanwhile is left as it is. */
  async count(datasetId: string): Promise<string> {
    const dataset = await this.datasets.findById(datasetId);
    if (!dataset) return 'release gone';
    if (dataset.keyFieldCounts) return 'already counted';
    const counts = await countKeyFields(this.storage.read(dataset.storageKey));
    const stored = await this.datasets.storeKeyFieldCounts(dataset, counts);
    return stored ? 'counted' : 'replaced meanwhile';
  }

  /** Queues the counting of every release without counts; each release's job id is its own, so none is queued twice. */
  async queueMissing(): Promise<string> {
    const ids = await this.datasets.withoutKeyFieldCounts();
    for (const id of ids) await this.queue.queueKeyFieldCounts(id);
    if (ids.length > 0) this.logger.log(`${ids.length} release(s) queued for key field counts`);
    return `${ids.length} release(s) queued`;
  }
}
