import { Injectable, Logger } from '@nestjs/common';
import { createGunzip } from 'node:zlib';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { CountiesRepository } from '../counties';
import { CountyDatasetsService } from '../releases';
import { ParcelStoreRepository } from './parcel-store.repository';

/** Larger chunks than zlib's 16 KiB: fewer rounds through the CSV reader. */
const GUNZIP_CHUNK = 1024 * 1024;

/**
 * Loads a county's current staff file (the newest published one) into the parcel store. Generated
 * stand-ins are never loaded: production has none, and locally the sample releases publish real files.
 * Loading the file loaded already does nothing, so a load queued twice, or retried, is harmless.
 */
@Injectable()
export class ParcelLoader {
  private readonly logger = new Logger('ParcelStore');

  constructor(
    private readonly datasets: CountyDatasetsService,
    private readonly counties: CountiesRepository,
    private readonly storage: DatasetStorage,
    private readonly store: ParcelStoreRepository,
  ) {}

  async loadCounty(countyId: string): Promise<string> {
    const [file] = await this.datasets.currentStaffFiles([countyId]);
    if (!file) return `County ${countyId} has no published file: nothing to load`;
    const loaded = await this.store.loadOf(countyId);
    if (loaded?.datasetId === file.id && loaded.sha256 === file.sha256) {
      return `${file.storageKey} is loaded already`;
    }
    const county = (await this.counties.recordsOf([countyId])).get(countyId);
    if (!county) return `County ${countyId} is gone: nothing to load`;
    await this.store.ensurePartition(county.stateCode);
    const started = Date.now();
    const seconds = () => (Date.now() - started) / 1000;
    const counts = await this.store.replaceCounty(
      {
        countyId,
        countyFips: county.fips,
        state: county.stateCode,
        release: file.release,
        datasetId: file.id,
        sha256: file.sha256,
        gzipCsv: () => {
          const gunzip = createGunzip({ chunkSize: GUNZIP_CHUNK });
          const source = this.storage.read(file.storageKey);
          source.on('error', (error) => gunzip.destroy(error));
          return source.pipe(gunzip);
        },
      },
      seconds,
    );
    if (!counts) return `${file.storageKey} was loaded meanwhile`;
    await this.store.analyze(county.stateCode);
    const outcome =
      `${county.fips} ${file.release}: ${counts.parcels} parcels, ${counts.shapes} with boundaries, ` +
      `${counts.unreadableShapes} unreadable boundaries loaded without one, ${seconds().toFixed(1)} s`;
    if (counts.unreadableShapes > 0) this.logger.warn(`Loaded ${outcome}`);
    else this.logger.log(`Loaded ${outcome}`);
    return outcome;
  }
}
