import type { DatasetGenerator } from '../../modules/releases/files/dataset-generator';
import { generateCountyDataset } from './synthetic-dataset';
import { syntheticSourceFile } from './synthetic-source-file';

/** Realistic made-up parcels for any county and month (synthetic-dataset.ts, synthetic-parcels.ts). */
export const syntheticDataGenerator: DatasetGenerator = {
  countyDataset: generateCountyDataset,
  sourceFile: (counties, month) => syntheticSourceFile(counties, month),
};
