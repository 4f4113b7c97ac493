import request from 'supertest';
import { createTestContext, type TestContext } from '../../test-support/test-app';

type LogLine = { level: number; msg: string; req?: { id?: string; method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number; reply?: string };

/**
 * The request pipeline (app.ts): every route table answered by one lookup (createDispatcher), which must match
 * as Express's router did, and the access log (requestLogger). HTTP behaviour only: SQLite is enough.
 */
describe('the request pipeline', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const linesOf = (requestId: string): LogLine[] =>
    ctx.logs
      .join('')
      .split('\n')
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line) as LogLine);

  describe('routing', () => {
    it('matches paths as Express did: any letter case, an optional trailing slash, decoded parameters', async () => {
      const plain = await request(ctx.app).get('/api/countries');
      expect(plain.status).toBe(200);
      expect(plain.body.data.length).toBe(5);
      for (const variant of ['/api/Countries', '/API/COUNTRIES', '/api/countries/']) {
        const res = await request(ctx.app).get(variant);
        expect([variant, res.status, res.body]).toEqual([variant, 200, plain.body]);
      }
      const id = plain.body.data[0].id as number;
      const byEscape = await request(ctx.app).get(`/api/countries/${encodeURIComponent(String(id)).replace(/\d/, (d) => `%3${d}`)}/states`);
      const direct = await request(ctx.app).get(`/api/countries/${id}/states`);
      expect(direct.status).toBe(200);
      expect(byEscape.status).toBe(200);
      expect(byEscape.body).toEqual(direct.body);
    });

    it('prefers a fixed path over a parameter, whatever the order the modules declared them in', async () => {
      const res = await request(ctx.app).get('/api/countries/getPhoneCode');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.data)).toBe(true);
    });

    it('answers HEAD from the GET route, without a body', async () => {
      const res = await request(ctx.app).head('/api/countries');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.text ?? '').toBe('');
    });

    it('answers 404 for an unknown path or a method the path does not have, 400 for a broken escape', async () => {
      const unknown = await request(ctx.app).get('/api/no-such-call');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('not_found');
      const wrongMethod = await request(ctx.app).delete('/api/countries');
      expect(wrongMethod.status).toBe(404);
      const broken = await request(ctx.app).get('/api/countries/%E0%A4%A/states');
      expect(broken.status).toBe(400);
      expect(broken.body.error.code).toBe('bad_request');
      // Outside /api a broken escape is not the dispatcher's to answer: it goes on as before (here, no page).
      expect((await request(ctx.app).get('/no-such-page/%E0%A4%A')).status).toBe(404);
    });

    it('labels the metrics with the declared route, and everything unmatched with one label', async () => {
      await request(ctx.app).get('/api/countries/1/states');
      const metrics = await request(ctx.app).get('/api/metrics');
      expect(metrics.text).toMatch(/route="\/api\/countries\/:id\/states",status="2xx"/);
      expect(metrics.text).not.toMatch(/route="\/api\/countries\/1\/states"/);
    });
  });

  describe('the access log', () => {
    it('writes one line per request: info for a success, with the id, method and redacted URL', async () => {
      const res = await request(ctx.app).get('/api/countries?token=secret-value').set('X-Request-Id', 'pipeline-ok');
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toBe('pipeline-ok');
      const [line, ...more] = linesOf('pipeline-ok');
      expect(more).toEqual([]);
      expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { id: 'pipeline-ok', method: 'GET', url: '/api/countries?token=[redacted]' }, res: { statusCode: 200 } });
      expect(typeof line.responseTime).toBe('number');
      expect(JSON.stringify(line)).not.toContain('secret-value');
    });

    it('writes a 4xx at warn, and lines a handler logs carry the request', async () => {
      await request(ctx.app).get('/api/no-such-call').set('X-Request-Id', 'pipeline-404');
      expect(linesOf('pipeline-404')).toMatchObject([{ level: 40, msg: 'request completed', res: { statusCode: 404 } }]);

      // A refused ECPay notification is logged by its handler through req.log, then answered 400.
      const refused = await request(ctx.app).post('/api/ecpay/notify').type('form').send({ MerchantTradeNo: 'x', CheckMacValue: 'bad' }).set('X-Request-Id', 'pipeline-ecpay');
      expect(refused.status).toBe(400);
      const lines = linesOf('pipeline-ecpay');
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [40, 'ECPay notification refused'],
        [40, 'request completed'],
      ]);
      expect(lines[0].req).toEqual(lines[1].req);
      expect(lines[0].req).toMatchObject({ id: 'pipeline-ecpay', method: 'POST', url: '/api/ecpay/notify' });
    });
  });
});
