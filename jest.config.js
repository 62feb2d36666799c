/** One jest run for the whole repository: unit specs and integration specs alike. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/test'],
  testMatch: ['**/test/**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  globalSetup: '<rootDir>/packages/testkit/src/global-setup.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
};
