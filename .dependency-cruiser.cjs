// The import rules of the house (docs/architecture.md, "The API's floors"), checked by dependency-cruiser on the
// resolved import graph of the apps and libs. `npx nx lint architecture` (tools/architecture/project.json, so
// `npm test` runs it) or `npx depcruise --config .dependency-cruiser.cjs apps/api/src libs`;
// `tools/architecture/floors.mjs` measures the same graph.
//
// A runtime import is one that is still there after TypeScript compiles the file: `import type`, `export type`
// and an import whose names are only used as types (TypeScript drops it: 'pre-compilation-only') are not.
const TYPE_ONLY = ['type-only', 'pre-compilation-only', 'type-import'];
const API = 'apps/api/src/';
const NPM = (name) => `(^|/)node_modules/${name}/`;
const ROUTES = `^${API}.*\\.(routes|router)\\.ts$`;
const REPOSITORIES = `^${API}.*(\\.repository\\.ts|/repositories/[^/]+\\.ts)$`;
// The HTTP layer: Express plumbing, the route tables, start-up, the module contract (a module may give a
// Router), tests' helpers, and the request-side helpers a route calls with its request: the Stripe webhook's
// handler, the visitor's country from proxy headers, and billing's act-on-behalf and preview-token steps
// (merchant-access.ts, staff-preview.ts: they audit who acts from the request, so they read it).
const HTTP_LAYER = [
  `^${API}(app|main|static)\\.ts$`,
  `^${API}http/`,
  ROUTES,
  `^${API}modules/api-module\\.ts$`,
  `^${API}test-support/`,
  `^${API}modules/checkout/stripe-webhook\\.ts$`,
  `^${API}modules/lists/ip-country\\.ts$`,
  `^${API}modules/billing/services/(merchant-access|staff-preview)\\.ts$`,
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment:
        'A runtime import cycle: each concern has one owner that imports nothing above it. Move the shared piece ' +
        'down (its own file or module) or import it as a type.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: TYPE_ONLY } },
    },
    {
      name: 'routes-call-services',
      comment:
        'A route table declares paths, auth and schemas and calls a service: it never reads a repository or ' +
        'Knex itself (docs/architecture.md, "The API\'s layout").',
      severity: 'error',
      from: { path: ROUTES },
      to: { path: [REPOSITORIES, `^${API}db/(knex|rows)\\.ts$`, NPM('knex')] },
    },
    {
      name: 'repositories-know-no-http',
      comment: 'A repository returns data and throws DomainError (src/domain-error.ts), never an HTTP error or Express type.',
      severity: 'error',
      from: { path: REPOSITORIES },
      to: { path: [`${API}http/`, NPM('express'), NPM('@types/express')] },
    },
    {
      name: 'only-http-knows-req-res',
      comment:
        'Only the HTTP layer (http/, route tables, start-up) sees Express\'s req and res: a service takes what ' +
        'the route read from them.',
      severity: 'error',
      from: { path: `^${API}`, pathNot: HTTP_LAYER },
      to: { path: [NPM('express'), NPM('@types/express'), NPM('@types/express-serve-static-core')] },
    },
    {
      name: 'no-module-imports-the-registry',
      comment: 'Modules import their contract from modules/api-module.ts; only the app and its start-up read the registry.',
      severity: 'error',
      from: { path: `^${API}modules/[^/]+/` },
      to: { path: `^${API}modules/registry\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)__tests__/', '\\.(test|spec)\\.tsx?$', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
