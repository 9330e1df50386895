import { DEFAULT_UPLOAD_MAX_BYTES, storageConfig } from './storage.config';
import { PRODUCTION_ENVIRONMENT } from '../../test/support/production-environment';

describe('storage configuration', () => {
  const saved = process.env;
  afterEach(() => {
    process.env = saved;
  });

  it('generates missing county files locally, with a 2 GiB upload limit by default', () => {
    process.env = { NODE_ENV: 'development' };
    expect(storageConfig()).toMatchObject({ generateMissingDatasets: true, uploadMaxBytes: 2 * 1024 ** 3 });
  });

  it('never generates county files in PRODUCTION_ENVIRONMENT, and keeps the default limit there too', () => {
    process.env = { ...PRODUCTION_ENVIRONMENT };
    expect(storageConfig()).toMatchObject({ generateMissingDatasets: false, uploadMaxBytes: DEFAULT_UPLOAD_MAX_BYTES });
  });

  it('takes the upload limit from DATASET_UPLOAD_MAX_BYTES', () => {
    process.env = { ...PRODUCTION_ENVIRONMENT, DATASET_UPLOAD_MAX_BYTES: '1048576' };
    expect(storageConfig().uploadMaxBytes).toBe(1048576);
  });
});
