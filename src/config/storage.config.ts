import { registerAs } from '@nestjs/config';
import { isAbsolute, join } from 'node:path';
import { projectRoot } from '../common/project-root';
import { isProduction, parseStorageUrl, readEnvironment } from './environment';

/** 2 GiB: the largest county files expected (Los Angeles, every field) with room to spare. */
export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;

/** 100 GiB: a national source file of every county, gzipped, with room to spare. */
export const DEFAULT_RELEASE_FILE_MAX_BYTES = 100 * 1024 ** 3;

/**
 * 1 TiB: what a national source file may unzip to. Ten times the gzip limit, while parcel CSV
 * compresses some five to ten times; a file past it is a gzip bomb or not a county data file.
 */
export const DEFAULT_RELEASE_FILE_MAX_UNZIPPED_BYTES = 1024 ** 4;

/** 2 hours: a GeoPackage of the largest county takes minutes (bench/RESULTS.md); a run this long is hung. */
export const DEFAULT_OGR2OGR_TIMEOUT_SECONDS = 2 * 3600;

/** Five small neighbouring states, 47 counties: a first start's sample releases in a minute or two. */
export const DEFAULT_SAMPLE_RELEASE_STATES = 'DC,DE,MD,RI,VT';

/** An S3-compatible bucket to keep the files in (STORAGE_URL and the S3_* variables). */
export interface S3Settings {
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end; may be empty. */
  prefix: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  /** Where buyers' download links point, when they reach the store at another address than the API does. */
  publicEndpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default credential chain (instance role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export const storageConfig = registerAs('storage', () => {
  const env = readEnvironment();
  const dir = env.DATA_DIR ?? 'var/datasets';
  const location = env.STORAGE_URL ? parseStorageUrl(env.STORAGE_URL) : undefined;
  const s3: S3Settings | null = location
    ? {
        ...location,
        endpoint: env.S3_ENDPOINT,
        publicEndpoint: env.S3_PUBLIC_ENDPOINT,
        region: env.S3_REGION ?? 'us-east-1',
        forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
      }
    : null;
  return {
    /** With STORAGE_URL the files live in that bucket, and DATA_DIR is not used. */
    s3,
    dataDir: isAbsolute(dir) ? dir : join(projectRoot(), dir),
    uploadMaxBytes: Number(env.DATASET_UPLOAD_MAX_BYTES ?? DEFAULT_UPLOAD_MAX_BYTES),
    /** Largest source file (as sent: gzip or plain CSV) of a release ingest. */
    releaseFileMaxBytes: Number(env.RELEASE_FILE_MAX_BYTES ?? DEFAULT_RELEASE_FILE_MAX_BYTES),
    /** Largest a release source file may be once unzipped, checked by the API as it arrives and by the worker. */
    releaseFileMaxUnzippedBytes: Number(env.RELEASE_FILE_MAX_UNZIPPED_BYTES ?? DEFAULT_RELEASE_FILE_MAX_UNZIPPED_BYTES),
    /** How long one ogr2ogr run of a format conversion may take before it is killed and the conversion fails. */
    ogr2ogrTimeoutMs: Number(env.OGR2OGR_TIMEOUT_SECONDS ?? DEFAULT_OGR2OGR_TIMEOUT_SECONDS) * 1000,
    /**
     * Locally, a county with no uploaded file gets made-up data generated on demand, so the
     * whole store works without real files. Never in production: there, customers get only
     * what staff uploaded.
     */
    generateMissingDatasets: !isProduction(env),
    /** The states whose counties a local first start publishes as sample releases (SampleReleases). */
    sampleReleaseStates: (env.SAMPLE_RELEASE_STATES ?? DEFAULT_SAMPLE_RELEASE_STATES).split(','),
  };
});
