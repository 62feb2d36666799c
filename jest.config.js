/** One jest run for the whole repository: unit specs and integration specs alike. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/test'],
  testMatch: ['**/test/**/*.spec.ts'],
  // Two replicas of every service restarted under traffic (README, "Several replicas"), about 2.5
  // minutes in a jest run of its own: `npm run test:replicas` (STOCKYARD_REPLICAS=true), which
  // .ci/run calls after `npm test`; `npm test` leaves it out.
  testPathIgnorePatterns:
    process.env.STOCKYARD_REPLICAS === 'true' ? ['/node_modules/'] : ['/node_modules/', 'replicas-restart'],
  // The packed client's build (npm run client:pack) holds a package.json named like the workspace's.
  modulePathIgnorePatterns: ['<rootDir>/packages/client/dist'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  globalSetup: '<rootDir>/packages/testkit/src/global-setup.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
};
