#!/usr/bin/env node
// A rehearsal of the Stripe gateway without Stripe: serves the fake Stripe API the API tests use
// (apps/api/src/test-support/fake-stripe.ts, bundled here with esbuild) and delivers its signed webhook events
// to the product as they happen. Start it, then start the product with the environment it prints:
//
//   node tools/scripts/fake-stripe.mjs [--port 12111] [--webhook http://localhost:3000/api/webhooks/stripe]
//
// Cards: the browser's card field is Stripe.js, which needs the real Stripe; with this fake create payment
// methods by POST <fake>/v1/payment_methods (type=card, card[number]=4242424242424242, …) or use Stripe's test
// ids (pm_card_visa, pm_card_chargeDeclined, pm_card_authenticationRequired, …). 3-D Secure and FPX pages are
// served by the fake at <fake>/fake/3ds/<id> and <fake>/fake/fpx/<id>. See docs/operations.md, "Going live".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12111' },
    host: { type: 'string', default: '127.0.0.1' },
    webhook: { type: 'string', default: 'http://localhost:3000/api/webhooks/stripe' },
    secret: { type: 'string', default: 'whsec_rehearsal_only' },
  },
});

const dir = mkdtempSync(join(tmpdir(), 'fake-stripe-'));
const outfile = join(dir, 'fake-stripe.cjs');
await build({ entryPoints: [join(root, 'apps/api/src/test-support/fake-stripe.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'silent' });
const { createRequire } = await import('node:module');
const { startFakeStripe } = createRequire(import.meta.url)(outfile);
rmSync(dir, { recursive: true, force: true });

const fake = await startFakeStripe({ port: Number(values.port), host: values.host, webhookSecret: values.secret, webhookTarget: values.webhook, autoDeliver: true });
console.log(`fake Stripe API on ${fake.url}; events go to ${values.webhook}. Start the product with:

  PAYMENT_GATEWAY=stripe STRIPE_API_BASE=${fake.url} STRIPE_SECRET_KEY=sk_test_rehearsal STRIPE_PUBLISHABLE_KEY=pk_test_rehearsal STRIPE_WEBHOOK_SECRET=${values.secret} npm start
`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void fake.close().then(() => process.exit(0)));
