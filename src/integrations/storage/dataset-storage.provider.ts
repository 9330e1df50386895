import type { FactoryProvider } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { storageConfig } from '../../config';
import { DatasetStorage } from './dataset-storage';
import { LocalDatasetStorage } from './local-dataset-storage';
import { partSizeFor, S3DatasetStorage } from './s3-dataset-storage';

/** The bucket of STORAGE_URL when it is set, else the DATA_DIR directory. */
export function datasetStorageFor(config: ConfigType<typeof storageConfig>): DatasetStorage {
  if (!config.s3) return new LocalDatasetStorage(config.dataDir);
  // Parts large enough that the largest file the store accepts fits S3's 10,000-part limit.
  return new S3DatasetStorage(config.s3, partSizeFor(Math.max(config.uploadMaxBytes, config.releaseFileMaxBytes)));
}

/** Callers inject DatasetStorage and never learn which store they got. */
export const datasetStorageProvider: FactoryProvider<DatasetStorage> = {
  provide: DatasetStorage,
  inject: [storageConfig.KEY],
  useFactory: datasetStorageFor,
};
