import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApiDocumentOffline } from './api-docs/api-document';
import { API_TYPES_PATH, renderApiTypes } from './api-docs/api-types';
import { projectRoot } from './common/project-root';

/** `npm run api:types`: writes the web apps' API types from the document the API serves, without starting it. */
async function writeApiTypes(): Promise<void> {
  const types = await renderApiTypes(await buildApiDocumentOffline());
  writeFileSync(join(projectRoot(), API_TYPES_PATH), types);
  console.log(`Wrote ${API_TYPES_PATH}`);
}

writeApiTypes().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
