// Three projects: fast unit specs beside the code, the web apps' logic tests, and e2e specs against real
// PostgreSQL and Redis. Each e2e file gets its own database cloned from a
// template that the global setup migrates and seeds once per run.
const { esmPackages } = require('./test/support/esm-packages');

const transform = { '^.+\\.(t|j)s$': ['@swc/jest'] };
// oidc-provider (the development sign-in provider) and some dependencies of openapi-typescript (which the API
// docs test runs) are ES modules.
const esm = [...esmPackages(__dirname, 'oidc-provider'), ...esmPackages(__dirname, 'openapi-typescript')];
const transformIgnorePatterns = [`/node_modules/(?!(${[...new Set(esm)].join('|')})/)`];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/src'],
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
      moduleNameMapper: {
        '^@contracts/(.*)$': '<rootDir>/src/contracts/$1',
        '^@web-shared/(.*)$': '<rootDir>/web-shared/$1',
      },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      transform,
      transformIgnorePatterns,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  testTimeout: 30000,
};
