// The jest project `api-stripe` (apps/api/jest.config.cjs): every test context of its suites runs the Stripe
// gateway against a fake Stripe API (test-support/test-app.ts reads this before any context is made).
process.env.MH_TEST_GATEWAY = 'stripe';
