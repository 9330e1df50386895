import { runPrefix, withMaintenanceClient } from './test-database';

/** Drops every database this run made. */
export default async function globalTeardown(): Promise<void> {
  await withMaintenanceClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `${runPrefix()}%`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
