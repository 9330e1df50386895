// Lints snippets with the project's eslint.config.mjs, as if each were saved at its path, and prints the
// import-boundary errors as JSON. A process of its own: ESLint loads its config with import(), which the
// jest runtime does not allow. Input on stdin: [{ "filePath": "web-store/src/…", "code": "…" }].
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

const root = resolve(import.meta.dirname, '../..');
const snippets = JSON.parse(readFileSync(0, 'utf8'));

const eslint = new ESLint({
  cwd: root,
  // Only the boundary rule, and without type information: a snippet is in no TypeScript program, and imports
  // resolve from the tsconfig's paths all the same.
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  overrideConfig: { languageOptions: { parserOptions: { project: null } } },
});

const results = [];
for (const { filePath, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
