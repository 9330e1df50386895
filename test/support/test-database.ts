import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { readEnvironment } from '../../src/config';

/** The PostgreSQL server the tests use: that of DATABASE_URL, or the local default. */
export function serverUrl(database: string): string {
  const url = new URL(readEnvironment({ DATABASE_URL: process.env.DATABASE_URL }).DATABASE_URL as string);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withMaintenanceClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function runPrefix(): string {
  const runId = process.env.TEST_RUN_ID;
  if (!runId) throw new Error('TEST_RUN_ID is unset: run the e2e tests through jest (global setup)');
  return `cds_test_${runId}`;
}

export function templateDatabase(): string {
  return `${runPrefix()}_template`;
}

/** A fresh database for one test file, cloned from the run's migrated and seeded template. */
export async function createTestDatabase(): Promise<{ name: string; url: string }> {
  const name = `${runPrefix()}_${randomBytes(4).toString('hex')}`;
  await withMaintenanceClient(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`);
        return;
      } catch (error) {
        // Two files cloning the template at the same moment: wait for the other.
        if (attempt > 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  return { name, url: serverUrl(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  await withMaintenanceClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
