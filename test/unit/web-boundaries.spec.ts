import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

interface Snippet {
  filePath: string;
  code: string;
}

/** The import-boundary errors eslint.config.mjs gives each snippet, as if it were saved at its path. */
function lint(snippets: Snippet[]): string[][] {
  const output = execFileSync(process.execPath, [join(ROOT, 'test/support/lint-boundaries.mjs')], {
    input: JSON.stringify(snippets),
    encoding: 'utf8',
  });
  const results = JSON.parse(output) as { ruleId: string; message: string }[][];
  return results.map((messages) => messages.map(({ ruleId, message }) => `${ruleId}: ${message}`));
}

/** Each feature's or page's folder, as the lint config reads them. */
function slices(app: string): string[] {
  return ['features', 'pages'].flatMap((kind) => {
    const folder = join(ROOT, app, 'src', kind);
    try {
      return readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${app}/src/${kind}/${entry.name}`);
    } catch {
      return [];
    }
  });
}

/** A module in the folder, as an import path without its extension: the rule judges only imports that resolve. */
function moduleIn(folder: string): string {
  const file = readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).find((name) =>
    /(?<!\.test|\.d)\.tsx?$/.test(name),
  );
  if (!file) throw new Error(`no module in ${folder}`);
  return join(folder, file).replace(/\.tsx?$/, '');
}

const importing = (filePath: string, target: string): Snippet => {
  const from = relative(join(ROOT, filePath, '..'), join(ROOT, target));
  return {
    filePath,
    code: `import * as target from '${from.startsWith('.') ? from : `./${from}`}';\nexport { target };\n`,
  };
};

const boundaryErrors = (errors: string[]) => errors.filter((error) => error.startsWith('import-x/no-restricted-paths'));

describe('front-end boundaries (eslint.config.mjs)', () => {
  const apps = ['web-store', 'web-admin'];

  it('has features or pages to keep apart in both apps', () => {
    for (const app of apps) expect(slices(app).length).toBeGreaterThan(1);
  });

  it('stops every feature and page from importing another, and from importing the app', () => {
    const cases = apps.flatMap((app) => {
      const all = slices(app);
      return all.flatMap((slice, index) => {
        const other = all[(index + 1) % all.length];
        const probe = `${slice}/probe.ts`;
        return [
          { snippet: importing(probe, moduleIn(other)), rule: `${slice} imports shared code only` },
          { snippet: importing(probe, `${app}/src/app/router`), rule: 'Features and pages do not import the app' },
        ];
      });
    });
    const results = lint(cases.map(({ snippet }) => snippet));
    cases.forEach(({ snippet, rule }, index) => {
      expect({ snippet, errors: boundaryErrors(results[index]) }).toEqual({
        snippet,
        errors: [expect.stringContaining(rule)],
      });
    });
  });

  it('stops shared code from importing a feature, a page or the app, through @/ as through a relative path', () => {
    const results = lint([
      { filePath: 'web-store/src/lib/probe.ts', code: "export * from '../features/checkout/stripe-loader';\n" },
      { filePath: 'web-store/src/components/probe.ts', code: "export * from '@/features/landing/landing-content';\n" },
      { filePath: 'web-store/src/components/ui/probe.ts', code: "export * from '@/app/router';\n" },
      { filePath: 'web-admin/src/lib/probe.ts', code: "export * from '@/pages/users/api';\n" },
      { filePath: 'web-admin/src/components/probe.ts', code: "export * from '../app/router';\n" },
    ]);
    for (const errors of results) {
      expect(boundaryErrors(errors)).toEqual([
        expect.stringContaining('Shared code (components, lib…) imports neither features, pages nor the app'),
      ]);
    }
  });

  it('lets features and pages import shared code, and the app import them', () => {
    const results = lint([
      {
        filePath: 'web-store/src/features/landing/probe.ts',
        code: "export * from '@/lib/cart';\nexport * from '../../components/invoice-rows';\nexport * from '@web-shared/format';\n",
      },
      { filePath: 'web-store/src/app/probe.ts', code: "export * from '@/features/landing/landing-content';\n" },
      {
        filePath: 'web-admin/src/pages/users/probe.ts',
        code: "export * from '@/lib/csv';\nexport * from '@/components/page-heading';\n",
      },
      { filePath: 'web-admin/src/app/probe.ts', code: "export * from '@/pages/users/api';\n" },
    ]);
    expect(results.map(boundaryErrors)).toEqual([[], [], [], []]);
  });
});
