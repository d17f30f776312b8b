/** Unit and integration tests share one run: the harness boots an isolated stack once. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  globalSetup: '<rootDir>/test/harness/globalSetup.ts',
  globalTeardown: '<rootDir>/test/harness/globalTeardown.ts',
  setupFiles: ['<rootDir>/test/harness/loadStackEnv.ts'],
  testTimeout: 60000,
  maxWorkers: 2,
};
