/**
 * Two projects in one run: unit tests need nothing running; integration and e2e tests get
 * an isolated stack (own database, Redis prefix, Temporal dev server) booted once by the harness.
 */
const transform = { '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] };

module.exports = {
  testTimeout: 60000,
  maxWorkers: 2,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/unit'],
      testMatch: ['**/*.test.ts'],
      transform,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/integration', '<rootDir>/test/e2e'],
      testMatch: ['**/*.test.ts'],
      transform,
      globalSetup: '<rootDir>/test/harness/globalSetup.ts',
      globalTeardown: '<rootDir>/test/harness/globalTeardown.ts',
      setupFiles: ['<rootDir>/test/harness/loadStackEnv.ts'],
    },
  ],
};
