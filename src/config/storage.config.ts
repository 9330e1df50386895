import { registerAs } from '@nestjs/config';
import { isAbsolute, join } from 'node:path';
import { projectRoot } from '../common/project-root';
import { readEnvironment } from './environment';

export const storageConfig = registerAs('storage', () => {
  const dir = readEnvironment().DATA_DIR ?? 'var/datasets';
  return { dataDir: isAbsolute(dir) ? dir : join(projectRoot(), dir) };
});
