import { DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './snake-naming.strategy';

/** One definition of the connection, shared by the apps, migrations and tests. */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    namingStrategy: new SnakeNamingStrategy(),
    // The schema changes only through migrations.
    synchronize: false,
    migrationsRun: false,
    extra: { max: 10, application_name: 'county-data-store' },
  };
}
