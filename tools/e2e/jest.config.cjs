// Browser journeys against the real built product: one server and one Chromium per test file, driven by
// playwright-core. Slow by nature, with generous timeouts. Two files at a time in `npm test` (project.json): a
// journey spends most of its time waiting on pages, and each file has its own port, database and browser.
module.exports = {
  displayName: 'e2e',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 60_000,
};
