import { route } from '../../http/route-table';
import type { ApiModule } from '../api-module';
import { buildOpenApi, openApiHtml } from './openapi';

export const docsModule: ApiModule = {
  name: 'docs',
  routes: (deps, ctx) => {
    let cached: Record<string, unknown> | undefined;
    // Built at the first request: by then every module's table is mounted.
    const document = () => (cached ??= buildOpenApi(ctx.modules, ctx.mounted, deps.config.publicUrl));
    return [
      route({ method: 'get', path: '/docs/openapi.json', summary: 'This reference as OpenAPI 3.1 JSON', handler: () => document() }),
      route({
        method: 'get',
        path: '/docs',
        summary: 'This reference as HTML',
        handler: ({ res }) => {
          res.set('Content-Type', 'text/html; charset=utf-8').send(openApiHtml(document()));
        },
      }),
    ];
  },
};
