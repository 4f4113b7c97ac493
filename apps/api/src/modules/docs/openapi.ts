import { z, type ZodType } from 'zod';
import { documentedPath } from '../../http/route-table';
import type { ApiModule, MountedRoutes } from '../api-module';

type JsonObject = Record<string, unknown>;

const schemaOf = (schema: ZodType): JsonObject => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
  delete json.$schema;
  return json;
};

const errorSchema: JsonObject = {
  type: 'object',
  required: ['error', 'message', 'key'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'key'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        key: { type: 'string', description: 'i18n key' },
        details: { type: 'object', description: 'fields: dotted path → message key' },
      },
    },
    message: { type: 'string', description: 'Legacy: the English message' },
    key: { type: 'string', description: 'Legacy: the i18n key' },
  },
};

/** One operation to document: a route-table entry, or a legacy `docs` entry of a module without a table. */
type Operation = { tag: string; method: string; path: string; summary: string; auth?: boolean; access?: string; body?: ZodType; query?: ZodType; multipart?: boolean; audit?: string; notAudited?: string; readOnlySafe?: string };

const operationsOf = (modules: readonly ApiModule[], mounted: readonly MountedRoutes[]): Operation[] => [
  ...mounted.flatMap(({ module, table }) =>
    table.map((spec) => ({
      tag: module,
      method: spec.method,
      path: documentedPath(spec.path),
      summary: spec.summary,
      auth: spec.auth !== undefined,
      access: spec.auth,
      body: spec.body ?? (typeof spec.multipart === 'object' ? spec.multipart : undefined),
      query: spec.query,
      multipart: spec.multipart !== undefined && spec.multipart !== false,
      audit: typeof spec.audit === 'string' ? spec.audit : spec.audit ? 'depends on the request' : undefined,
      notAudited: spec.notAudited,
      readOnlySafe: spec.readOnlySafe,
    })),
  ),
  ...modules.flatMap((module) => (module.docs ?? []).map((doc) => ({ tag: module.name, ...doc }))),
];

/** OpenAPI 3.1 from the route tables; request bodies come from the same zod schemas that parse them. */
export const buildOpenApi = (modules: readonly ApiModule[], mounted: readonly MountedRoutes[], publicUrl: string): JsonObject => {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const doc of operationsOf(modules, mounted)) {
    const parameters = [...doc.path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
    const operation: JsonObject = {
      tags: [doc.tag],
      summary: doc.summary,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(doc.auth ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      ...(doc.access ? { 'x-access': doc.access } : {}),
      ...(doc.audit ? { 'x-audit-action': doc.audit } : {}),
      ...(doc.notAudited ? { 'x-not-audited': doc.notAudited } : {}),
      // Read-only staff may send this write (every other authenticated write refuses them: 403 staff_read_only).
      ...(doc.readOnlySafe ? { 'x-read-only-safe': doc.readOnlySafe } : {}),
      responses: {
        '200': { description: 'Success' },
        '4XX': { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    if (doc.body) {
      const contentType = doc.multipart ? 'multipart/form-data' : 'application/json';
      operation.requestBody = { required: true, content: { [contentType]: { schema: schemaOf(doc.body) } } };
    } else if (doc.multipart) {
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } };
    }
    if (doc.query) {
      const query = schemaOf(doc.query) as { properties?: Record<string, unknown>; required?: string[] };
      operation.parameters = [
        ...parameters,
        ...Object.entries(query.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query.required?.includes(name) ?? false, schema })),
      ];
    }
    paths[doc.path] = { ...(paths[doc.path] ?? {}), [doc.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Merchant Hub API', version: '0.1.0', description: 'Every call of the product spec §7 under /api.' },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'mh_session', description: 'State-changing requests also need X-Requested-With: merchant-hub' },
      },
      schemas: { Error: errorSchema },
    },
    paths,
  };
};

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const openApiHtml = (doc: JsonObject): string => {
  const paths = doc.paths as Record<string, Record<string, { summary: string; tags: string[] }>>;
  const rows = Object.entries(paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(
        ([method, op]) => `<tr><td>${escapeHtml(op.tags[0])}</td><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary)}</td></tr>`,
      ),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant Hub API</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td{border-bottom:1px solid #ddd;padding:.3rem .6rem;vertical-align:top}</style>
</head><body><h1>Merchant Hub API</h1><p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1, request bodies generated from the zod schemas).</p>
<table><thead><tr><th>module</th><th>method</th><th>path</th><th>what it does</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
};
