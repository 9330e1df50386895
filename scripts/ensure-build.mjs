// Builds whatever is missing or older than its sources: the API (dist/) and
// each web app (web-*/dist). Used before `npm start` and `npm test`, so a
// fresh clone needs only `npm install` first.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

// Documents are not built: bench/RESULTS.md, rewritten by every benchmark run, must not make the API look stale.
const notBuilt = (path) => path.endsWith('.md');

function newestIn(path) {
  if (!existsSync(path) || notBuilt(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestIn(join(path, entry))), 0);
}

const targets = [
  {
    name: 'API',
    output: 'dist/src/main.js',
    sources: ['src', 'bench', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'],
    command: 'npm run build:api',
  },
  ...['web-store', 'web-admin'].map((app) => ({
    name: app,
    output: `${app}/dist/index.html`,
    sources: [
      `${app}/src`,
      `${app}/index.html`,
      `${app}/vite.config.ts`,
      `${app}/public`,
      'src/contracts',
      'web-shared',
    ],
    command: `npm run build --workspace ${app}`,
  })),
];

for (const target of targets) {
  const built = existsSync(join(root, target.output)) ? statSync(join(root, target.output)).mtimeMs : 0;
  const changed = Math.max(...target.sources.map((s) => newestIn(join(root, s))));
  if (built >= changed) continue;
  console.log(`Building ${target.name}…`);
  execSync(target.command, { cwd: root, stdio: 'inherit' });
}
