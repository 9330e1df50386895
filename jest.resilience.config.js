// `npm run test:resilience`: the long runs — load and faults against the built store as production
// runs it — kept out of `npm test`. Same transform and database setup as the e2e project.
const base = require('./jest.config');

const e2e = base.projects.find((project) => project.displayName === 'e2e');

/** @type {import('jest').Config} */
module.exports = {
  ...e2e,
  displayName: 'resilience',
  roots: ['<rootDir>/test/resilience'],
  testMatch: ['**/*.resilience-spec.ts'],
  testTimeout: 300_000,
  // One file at a time: each loads the machine on purpose.
  maxWorkers: 1,
  reporters: base.reporters,
};
