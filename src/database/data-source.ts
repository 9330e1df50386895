import { DataSource } from 'typeorm';
import { readEnvironment } from '../config/environment';
import { dataSourceOptions } from './data-source-options';

/** For the TypeORM CLI (`npx typeorm -d dist/src/database/data-source.js migration:show`). */
export default new DataSource(dataSourceOptions(readEnvironment().DATABASE_URL as string));
