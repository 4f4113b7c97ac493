import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createTestContext, type TestContext } from '../../test-support/test-app';

// The serving contract (README): an app's build may prerender pages (tools/vite/prerender.ts) and list them in
// prerender.json; the API answers those paths with the page, allowing its inline scripts by hash, and every
// other path with index.html as before.
const HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";

const writeApp = (root: string, app: string, pages: { pattern: string; file: string }[]) => {
  const dir = path.join(root, app);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${app} index</title>`);
  for (const page of pages) fs.writeFileSync(path.join(dir, page.file), `<!doctype html><title>${app} ${page.file}</title>`);
  fs.writeFileSync(path.join(dir, 'prerender.json'), JSON.stringify(pages.map((page) => ({ ...page, scriptHashes: [HASH] }))));
};

describe('prerendered pages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const base = await createTestContext('sqlite');
    const root = path.join(base.config.uploadDir, 'static-apps');
    await base.close();
    writeApp(root, 'merchant-backoffice', [{ pattern: '^/signin/?$', file: 'signin.html' }]);
    writeApp(root, 'public-checkout', [
      { pattern: '^/subscribe-payment/\\d+/?$', file: 'card-checkout.html' },
      { pattern: '^/subscribe/\\d+(/[^/]+)?/?$', file: 'gateway-checkout.html' },
    ]);
    ctx = await createTestContext('sqlite', { env: { STATIC_ROOT: root } });
  });
  afterAll(async () => ctx.close());

  it.each([
    ['/signin', 'merchant-backoffice signin.html'],
    ['/signin?locale=th&from=%2Fprofile', 'merchant-backoffice signin.html'],
    ['/subscribe-payment/12', 'public-checkout card-checkout.html'],
    ['/subscribe-payment/12?type=fpx', 'public-checkout card-checkout.html'],
    ['/subscribe/57', 'public-checkout gateway-checkout.html'],
    ['/subscribe/57/renew', 'public-checkout gateway-checkout.html'],
  ])('answers %s with its prerendered page, its inline scripts allowed by hash', async (url, title) => {
    const res = await request(ctx.app).get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<title>${title}</title>`);
    expect(res.headers['content-security-policy']).toMatch(new RegExp(`script-src 'self' https://js.stripe.com ${HASH.replace(/[+/=]/g, '\\$&')}`));
  });

  it.each([
    ['/signup', 'merchant-backoffice index'],
    ['/signin/extra', 'merchant-backoffice index'],
    ['/', 'merchant-backoffice index'],
    ['/subscribe-payment/abc', 'public-checkout index'],
    ['/subscribe-payment-result/token', 'public-checkout index'],
    ['/checkout/subscribe-payment/12', 'public-checkout index'],
  ])('answers %s with index.html and no script hash', async (url, title) => {
    const res = await request(ctx.app).get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<title>${title}</title>`);
    expect(res.headers['content-security-policy']).not.toContain('sha256-');
  });

  it('keeps /api paths for the API', async () => {
    expect((await request(ctx.app).get('/api/health')).body).toMatchObject({ status: expect.any(String) });
  });
});
