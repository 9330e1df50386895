// Writes a .br and a .gz beside each text asset of a web app's build, compressed once at the
// highest levels, so that the server sends compressed files without compressing per request.
// Usage: node scripts/precompress.mjs <dist dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// .bin: the picker map's county shapes (scripts/build-county-map.mjs).
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|bin)$/;
// Below this, compression saves less than the headers it costs.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const dist = process.argv[2];
if (!dist) throw new Error('Usage: node scripts/precompress.mjs <dist dir>');
for (const path of files(join(dist, 'assets'))) {
  if (!COMPRESSIBLE.test(path)) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
}
