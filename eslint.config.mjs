// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The domain modules; each one's public API is its src/modules/<name>/index.ts. */
const domainModules = readdirSync(`${root}/src/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Plain JavaScript files only: TypeScript already checks undefined names in .ts files.
const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'].map((name) => [
    name,
    'readonly',
  ]),
);
const commonJsGlobals = Object.fromEntries(
  ['require', 'module', 'exports', '__dirname', '__filename'].map((name) => [name, 'readonly']),
);
const browserGlobals = Object.fromEntries(
  ['window', 'document', 'fetch', 'console', 'setTimeout', 'clearTimeout', 'Promise', 'URLSearchParams'].map((name) => [
    name,
    'readonly',
  ]),
);

const resolverFor = (tsconfig) => ({
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/${tsconfig}` })],
});

const webApps = ['web-store', 'web-admin'];

const foldersIn = (path) =>
  existsSync(`${root}/${path}`)
    ? readdirSync(`${root}/${path}`, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `./${path}/${entry.name}`)
    : [];

/**
 * A web app's layers, as bulletproof-react keeps them: `app` (routes, layout, the entry) → slices (each store
 * feature, each console page, with its own api, rules and components) → shared code (every other folder of src:
 * components, lib…). A slice imports shared code only, never another slice or the app; shared code imports
 * neither. Sliced folders are read from disk, so a new feature or page is fenced off from the others at once.
 */
const webAppZones = (app) => {
  const src = `./${app}/src`;
  const slices = [...foldersIn(`${app}/src/features`), ...foldersIn(`${app}/src/pages`)];
  const appLayer = [`${src}/app`, `${src}/main.tsx`];
  const shared = readdirSync(`${root}/${app}/src`)
    .filter((name) => !['app', 'main.tsx', 'features', 'pages'].includes(name))
    .map((name) => `${src}/${name}`);
  return [
    ...slices.map((slice) => ({
      target: slice,
      from: slices.filter((other) => other !== slice),
      message: `${slice.slice(2)} imports shared code only, never another feature or page: move what both need to components/ or lib/.`,
    })),
    ...(slices.length > 0
      ? [{ target: slices, from: appLayer, message: 'Features and pages do not import the app; the app imports them.' }]
      : []),
    {
      target: shared,
      from: [...appLayer, ...slices],
      message: 'Shared code (components, lib…) imports neither features, pages nor the app.',
    },
  ].filter((zone) => zone.from.length > 0);
};

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    'var/',
    'coverage/',
    'test-artifacts/',
    // Written by npm run api:types from the OpenAPI document.
    'web-shared/api-types.ts',
    // Built from us-atlas before each web-store build.
    'web-store/src/features/county-picker/map/county-shapes.bin',
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      parserOptions: {
        // A file is checked with the first of these programs that includes it; web-shared lives in the web apps'.
        project: ['./tsconfig.json', './web-store/tsconfig.json', './web-admin/tsconfig.json'],
        tsconfigRootDir: root,
      },
    },
    plugins: { 'import-x': importX },
    rules: {
      // A leading underscore marks what a signature or a rest-destructuring needs but the code does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // async without await is how promise-returning interfaces are met here (the OpenID provider's adapter, polled
      // predicates in tests); dropping the async would turn a thrown error into a synchronous throw.
      '@typescript-eslint/require-await': 'off',
    },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
    },
  },

  // Files no tsconfig includes: configuration and plain scripts.
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs', '*/vite.config.ts', 'web-shared/vite-app.config.mts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.mjs', 'scripts/**'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['*.js', 'test/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, ...commonJsGlobals } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.browser.js'],
    languageOptions: { sourceType: 'script', globals: browserGlobals },
    // An ES5 script for any browser: without arrow functions, `self` is how a callback keeps `this`.
    rules: { '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self'] }] },
  },

  // Code that works on untyped JSON on purpose.
  {
    files: [
      // Tests read HTTP response bodies and database rows (any) and assert on them directly.
      'test/**',
      // The Stripe simulator handles Stripe's wire objects as loose JSON, as Stripe's own API does.
      'src/dev/stripe-simulator/**',
      // oidc-provider is an ES module without type declarations.
      'src/dev/oidc-provider/dev-oidc-provider.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Import boundaries.
  {
    files: ['src/**', 'test/**', 'bench/**'],
    settings: resolverFor('tsconfig.json'),
  },
  ...webApps.map((app) => ({
    files: [`${app}/src/**`],
    settings: resolverFor(`${app}/tsconfig.json`),
  })),
  {
    files: ['web-shared/**'],
    settings: resolverFor('web-store/tsconfig.json'),
  },
  {
    files: ['src/**'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**', ...webApps.map((app) => `${app}/src/**`), 'web-shared/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...domainModules.map((name) => ({
              target: domainModules.filter((other) => other !== name).map((other) => `./src/modules/${other}`),
              from: `./src/modules/${name}`,
              except: ['./index.ts'],
              message: `Import the ${name} module through its public API, src/modules/${name}/index.ts.`,
            })),
            ...webApps.map((app) => ({
              target: `./${app}/src`,
              from: '.',
              except: ['./src/contracts', './web-shared', `./${app}/src`, './node_modules', `./${app}/node_modules`],
              message: 'A web app imports only src/contracts, web-shared and its own src.',
            })),
            ...webApps.flatMap(webAppZones),
            {
              target: './web-shared',
              from: '.',
              except: ['./src/contracts', './web-shared', './node_modules'],
              message: 'web-shared imports only src/contracts and itself.',
            },
            {
              target: './src/contracts',
              from: '.',
              except: ['./src/contracts', './node_modules'],
              message: 'The contracts depend on nothing else in the project.',
            },
          ],
        },
      ],
    },
  },
);
