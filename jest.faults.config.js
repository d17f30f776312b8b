/**
 * The fault suite (`npm run test:faults`): PostgreSQL, Redis, Temporal, the matcher and the worker
 * killed or restarted under load, one suite at a time against a private stack the harness boots
 * (test/faults/harness). Kept out of jest.config.js so `npm test` does not run it.
 */
const transform = { '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] };

module.exports = {
  displayName: 'faults',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/faults'],
  testMatch: ['**/*.test.ts'],
  transform,
  testTimeout: 300000,
  maxWorkers: 1,
  globalSetup: '<rootDir>/test/faults/harness/globalSetup.ts',
  globalTeardown: '<rootDir>/test/faults/harness/globalTeardown.ts',
  setupFiles: ['<rootDir>/test/faults/harness/loadStackEnv.ts'],
};
