// Freezes the fields in code as the newest schema version (src/modules/data-schema/versions/<version>.json),
// which the contract test then holds every later version to. A published version is never rewritten:
// changing fields means adding a version to SCHEMA_VERSIONS first.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const { SCHEMA_VERSION, snapshotOf } = require(`${root}dist/src/modules/data-schema/schema-versions.js`);

const path = `${root}src/modules/data-schema/versions/${SCHEMA_VERSION}.json`;
const text = `${JSON.stringify(snapshotOf(SCHEMA_VERSION), null, 2)}\n`;
if (existsSync(path) && readFileSync(path, 'utf8') !== text) {
  console.error(
    `Schema version ${SCHEMA_VERSION} is published with other fields. Add a new version to SCHEMA_VERSIONS ` +
      '(src/modules/data-schema/schema-versions.ts) saying what it adds or removes, then run this again.',
  );
  process.exit(1);
}
writeFileSync(path, text);
console.log(`Froze the fields of schema version ${SCHEMA_VERSION} in ${path.slice(root.length)}`);
