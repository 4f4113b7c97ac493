import { loadConfig } from '../../config';
import { redactUrl } from '../logging';

describe('configuration', () => {
  it('has development defaults for everything', () => {
    const config = loadConfig({}, '/repo');
    expect(config).toMatchObject({ port: 3000, databaseUrl: 'sqlite:data/merchant-hub.sqlite', paymentGateway: 'sandbox', publicUrl: 'http://localhost:3000', staticRoot: '/repo/dist/apps', uploadDir: '/repo/data/uploads' });
  });

  it('refuses to start in production with the development secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET must be set/);
  });

  it('refuses the stripe gateway without its keys in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), PAYMENT_GATEWAY: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('names the variable that is malformed', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/forgot-password/token/abcDEF123', '/api/forgot-password/token/[redacted]'],
    ['/api/signup/activate/tok_1', '/api/signup/activate/[redacted]'],
    ['/api/create-merchant/xyz?x=1', '/api/create-merchant/[redacted]?x=1'],
    ['/api/dev/mailbox?to=a@b.test', '/api/dev/mailbox?to=a@b.test'],
    ['/signin?evt=secret&locale=en', '/signin?evt=[redacted]&locale=en'],
    ['/api/countries/1/states', '/api/countries/1/states'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
