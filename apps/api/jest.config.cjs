// Each suite builds its own app on a fresh database; suites that also run on PostgreSQL (TEST_PG_URL) each
// use their own schema, so files may run in parallel.
const base = {
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  // Two API processes on one database need PostgreSQL: that suite runs only when TEST_PG_URL is set.
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.TEST_PG_URL ? [] : ['two-instances\\.test\\.ts$'])],
};

module.exports = {
  // A global option (a project's own is ignored).
  testTimeout: 30000,
  projects: [
    { ...base, displayName: 'api' },
    // The billing, checkout and renewal suites once more on the Stripe gateway: the official SDK against the
    // fake Stripe API of test-support/fake-stripe.ts (MH_TEST_GATEWAY=stripe, see test-support/test-app.ts).
    // Left out: suites about ECPay (no Stripe in them) and about the sandbox gateway's own tables and faults.
    {
      ...base,
      displayName: 'api-stripe',
      testMatch: ['<rootDir>/src/modules/billing/__tests__/**/*.test.ts', '<rootDir>/src/modules/checkout/__tests__/**/*.test.ts', '<rootDir>/src/jobs/__tests__/**/*.test.ts'],
      testPathIgnorePatterns: [
        ...base.testPathIgnorePatterns,
        // ECPay only.
        'check-mac-value\\.test\\.ts$',
        'ecpay-checkout\\.test\\.ts$',
        'ecpay-sandbox-targets\\.test\\.ts$',
        // Written for the Stripe gateway already, or for both gateways by name.
        'stripe-fpx-late-subscribe\\.test\\.ts$',
        'stripe-fpx-checkout\\.test\\.ts$',
        'stripe-permanent-refusals\\.test\\.ts$',
        'stripe-reported-payments\\.test\\.ts$',
        'checkout-config\\.test\\.ts$',
        // The sandbox's own pages (their return host) and the sandbox gateway's own tables (renewal batches).
        'return-origin\\.test\\.ts$',
        'renewal-batches\\.test\\.ts$',
      ],
      setupFiles: ['<rootDir>/src/test-support/stripe-gateway.setup.ts'],
    },
  ],
};
