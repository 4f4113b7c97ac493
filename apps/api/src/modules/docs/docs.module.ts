import { Router } from 'express';
import type { ApiModule } from '../registry';
import { buildOpenApi, openApiHtml } from './openapi';

export const docsModule: ApiModule = {
  name: 'docs',
  router: (deps, ctx) => {
    const router = Router();
    let cached: Record<string, unknown> | undefined;
    const document = () => (cached ??= buildOpenApi(ctx.modules, deps.config.publicUrl));
    router.get('/docs/openapi.json', (_req, res) => {
      res.json(document());
    });
    router.get('/docs', (_req, res) => {
      res.set('Content-Type', 'text/html; charset=utf-8').send(openApiHtml(document()));
    });
    return router;
  },
  docs: [
    { method: 'get', path: '/api/docs', summary: 'This reference as HTML' },
    { method: 'get', path: '/api/docs/openapi.json', summary: 'This reference as OpenAPI 3.1 JSON' },
  ],
};
