// Each suite builds its own app on a fresh database; suites that also run on PostgreSQL (TEST_PG_URL) each
// use their own schema, so files may run in parallel.
module.exports = {
  displayName: 'api',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  testTimeout: 30000,
  // Two API processes on one database need PostgreSQL: that suite runs only when TEST_PG_URL is set.
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.TEST_PG_URL ? [] : ['two-instances\\.test\\.ts$'])],
};
