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

  it('bounds release files at 1 TiB unzipped and ogr2ogr runs at 2 hours by default, in production too', () => {
    process.env = { ...PRODUCTION_ENVIRONMENT };
    expect(storageConfig()).toMatchObject({ releaseFileMaxUnzippedBytes: 1024 ** 4, ogr2ogrTimeoutMs: 7_200_000 });
  });

  it('takes those bounds from RELEASE_FILE_MAX_UNZIPPED_BYTES and OGR2OGR_TIMEOUT_SECONDS', () => {
    process.env = {
      ...PRODUCTION_ENVIRONMENT,
      RELEASE_FILE_MAX_UNZIPPED_BYTES: '1048576',
      OGR2OGR_TIMEOUT_SECONDS: '90',
    };
    expect(storageConfig()).toMatchObject({ releaseFileMaxUnzippedBytes: 1048576, ogr2ogrTimeoutMs: 90_000 });
  });

  it('keeps files in the DATA_DIR directory when STORAGE_URL is unset', () => {
    process.env = { NODE_ENV: 'development' };
    expect(storageConfig().s3).toBeNull();
  });

  it('keeps files in the STORAGE_URL bucket, under its prefix, with the S3 settings', () => {
    process.env = {
      ...PRODUCTION_ENVIRONMENT,
      STORAGE_URL: 's3://county-files/store/datasets/',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://files.example.com',
      S3_ACCESS_KEY_ID: 'store',
      S3_SECRET_ACCESS_KEY: 'a-secret-key',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(storageConfig().s3).toEqual({
      bucket: 'county-files',
      prefix: 'store/datasets',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'https://files.example.com',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'store', secretAccessKey: 'a-secret-key' },
    });
  });

  it('leaves AWS credentials to the SDK (instance role, AWS_* variables) when no S3 key is given', () => {
    process.env = { ...PRODUCTION_ENVIRONMENT, STORAGE_URL: 's3://county-files', S3_REGION: 'us-west-2' };
    expect(storageConfig().s3).toMatchObject({ bucket: 'county-files', prefix: '', region: 'us-west-2' });
    expect(storageConfig().s3?.credentials).toBeUndefined();
  });

  it.each([
    ['file:///var/datasets', 'STORAGE_URL must be s3://bucket'],
    ['s3://Bad_Bucket/x', 'STORAGE_URL must be s3://bucket'],
    ['s3://key:secret@county-files/x', 'STORAGE_URL must be s3://bucket'],
    ['s3://county-files/a/../b', 'STORAGE_URL must be s3://bucket'],
  ])('refuses to start with STORAGE_URL=%s, naming the variable', (url, message) => {
    process.env = { ...PRODUCTION_ENVIRONMENT, STORAGE_URL: url };
    expect(() => storageConfig()).toThrow(message);
  });

  it('refuses S3 settings without STORAGE_URL, and a key without its secret, naming what is missing', () => {
    process.env = { ...PRODUCTION_ENVIRONMENT, S3_ENDPOINT: 'http://minio:9000' };
    expect(() => storageConfig()).toThrow('S3_ENDPOINT is set but STORAGE_URL is not');
    process.env = { ...PRODUCTION_ENVIRONMENT, STORAGE_URL: 's3://county-files', S3_ACCESS_KEY_ID: 'store' };
    expect(() => storageConfig()).toThrow(/^S3_SECRET_ACCESS_KEY is required when the other S3 key is set/);
  });
});
