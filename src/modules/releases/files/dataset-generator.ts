import type { Provider } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Readable } from 'node:stream';
import { storageConfig } from '../../../config';
import type { KeyFieldCounts } from '../../data-schema';

/** What the generator needs of a county to make its parcels. */
export interface CountyForDataset {
  fips: string;
  name: string;
  stateCode: string;
  population: number | null;
}

/** One county's generated file of a month: gzip CSV bytes with their record and key-field counts. */
export interface GeneratedDataset {
  bytes: Buffer;
  records: number;
  keyFieldCounts: KeyFieldCounts;
}

/**
 * Made-up county data for a store without real files (local use, tests): a county's file of a
 * month, and a month's source file of many counties as a supplier delivers it. The same county and
 * month always give the same bytes.
 */
export interface DatasetGenerator {
  countyDataset(county: CountyForDataset, release: string): GeneratedDataset;
  sourceFile(counties: Iterable<CountyForDataset>, month: string): Readable;
}

export const DATASET_GENERATOR = Symbol('DATASET_GENERATOR');

/**
 * The generator where the store generates missing data (never in production), else null. Its code
 * lives with the other local stand-ins in src/dev and is loaded here, on demand, so a production
 * process never loads it (and the production image does not carry it).
 */
export const datasetGeneratorProvider: Provider = {
  provide: DATASET_GENERATOR,
  inject: [storageConfig.KEY],
  useFactory: async (config: ConfigType<typeof storageConfig>): Promise<DatasetGenerator | null> =>
    config.generateMissingDatasets ? (await import('../../../dev/synthetic-data')).syntheticDataGenerator : null,
};
