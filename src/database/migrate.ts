import { runEntryPoint } from '../bootstrap';
import { databaseName } from '../common/service-checks';
import { prepareDatabase } from './prepare-database';

/** `npm run migrate`: create the database if needed, apply migrations, seed the catalog. */
runEntryPoint('Migrate', async (env) => {
  const url = env.DATABASE_URL as string;
  const result = await prepareDatabase(url);
  console.log(
    `Database "${databaseName(url)}"${result.created ? ' created' : ''}: ` +
      `${result.migrationsApplied.length} migration(s) applied, ${result.countiesAdded} county(ies) added`,
  );
});
