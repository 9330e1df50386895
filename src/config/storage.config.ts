import { registerAs } from '@nestjs/config';
import { isAbsolute, join } from 'node:path';
import { projectRoot } from '../common/project-root';
import { isProduction, readEnvironment } from './environment';

/** 2 GiB: the largest county files expected (Los Angeles, every field) with room to spare. */
export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;

/** 100 GiB: a national source file of every county, gzipped, with room to spare. */
export const DEFAULT_RELEASE_FILE_MAX_BYTES = 100 * 1024 ** 3;

export const storageConfig = registerAs('storage', () => {
  const env = readEnvironment();
  const dir = env.DATA_DIR ?? 'var/datasets';
  return {
    dataDir: isAbsolute(dir) ? dir : join(projectRoot(), dir),
    uploadMaxBytes: Number(env.DATASET_UPLOAD_MAX_BYTES ?? DEFAULT_UPLOAD_MAX_BYTES),
    /** Largest source file (as sent: gzip or plain CSV) of a release ingest. */
    releaseFileMaxBytes: Number(env.RELEASE_FILE_MAX_BYTES ?? DEFAULT_RELEASE_FILE_MAX_BYTES),
    /**
     * Locally, a county with no uploaded file gets made-up data generated on demand, so the
     * whole store works without real files. Never in production: there, customers get only
     * what staff uploaded.
     */
    generateMissingDatasets: !isProduction(env),
  };
});
