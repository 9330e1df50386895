import { randomBytes } from 'node:crypto';
import { prepareDatabase } from '../../src/database/prepare-database';
import { serverUrl, templateDatabase } from './test-database';

/** Once per run: a template database, migrated and seeded exactly as production does it. */
export default async function globalSetup(): Promise<void> {
  // The e2e and browser tiers each name this setup: in one run, the second finds the template made.
  if (process.env.TEST_RUN_ID) return;
  process.env.TEST_RUN_ID = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await prepareDatabase(serverUrl(templateDatabase()));
}
