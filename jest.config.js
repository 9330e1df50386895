// Four tiers, each a project with its own command (package.json): fast unit specs beside the code
// (`unit`) and the web apps' logic (`web`) need no service; `e2e` drives the real API against real
// PostgreSQL and Redis; `browser` drives the store and console in Chromium. Each e2e or browser file gets
// its own database cloned from a template that the global setup migrates and seeds once per run, its own
// Redis prefix and its own ports, so files run in parallel worker processes.
const { esmPackages } = require('./test/support/esm-packages');

const transform = { '^.+\\.(t|j)s$': ['@swc/jest'] };
// oidc-provider (the development sign-in provider), some dependencies of openapi-typescript (which the API
// docs test runs) and @mapbox/vector-tile (which reads the parcel tiles back) are ES modules.
const esm = [
  ...esmPackages(__dirname, 'oidc-provider'),
  ...esmPackages(__dirname, 'openapi-typescript'),
  ...esmPackages(__dirname, '@mapbox/vector-tile'),
];
const transformIgnorePatterns = [`/node_modules/(?!(${[...new Set(esm)].join('|')})/)`];

/** A tier of files against the real store: its database template, and the check that a file leaves nothing running. */
const againstServices = (displayName) => ({
  displayName,
  testEnvironment: '<rootDir>/test/support/leak-checking-environment.js',
  rootDir: __dirname,
  roots: [`<rootDir>/test/${displayName}`],
  testMatch: ['**/*.e2e-spec.ts'],
  transform,
  transformIgnorePatterns,
  setupFilesAfterEnv: ['<rootDir>/test/support/after-file.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
});

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/src', '<rootDir>/test/unit'],
      testMatch: ['**/*.spec.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      // The web apps' logic (filters, cart rules, badges, formatting), without a browser.
      displayName: 'web',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/web-store/src', '<rootDir>/web-admin/src', '<rootDir>/web-shared'],
      testMatch: ['**/*.test.ts'],
      transform,
      resolver: '<rootDir>/test/support/web-app-resolver.js',
      moduleNameMapper: {
        '^@contracts/(.*)$': '<rootDir>/src/contracts/$1',
        '^@web-shared/(.*)$': '<rootDir>/web-shared/$1',
      },
    },
    againstServices('e2e'),
    againstServices('browser'),
  ],
  // Two worker processes on these two-core machines (jest would take one, and run it in its own process);
  // a worker whose heap passes the limit after a file is replaced by a fresh one, so what one file leaves
  // in memory never reaches the next dozens.
  maxWorkers: 2,
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.js',
  workerIdleMemoryLimit: '768MB',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  testTimeout: 30000,
};
