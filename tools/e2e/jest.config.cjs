// Browser journeys against the real built product: one server per test file, Debian Chromium driven by
// playwright-core. Slow by nature, so they run in band with generous timeouts.
module.exports = {
  displayName: 'e2e',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 60_000,
};
