import { Module } from '@nestjs/common';
import { datasetStorageProvider } from './dataset-storage.provider';
import { DatasetStorage } from './dataset-storage';

/** The dataset file store, one per process, for the modules that read and write files and for the health check. */
@Module({ providers: [datasetStorageProvider], exports: [DatasetStorage] })
export class StorageModule {}
