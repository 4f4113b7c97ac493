// The import rules of the house (docs/architecture.md, "The API's floors"), checked by dependency-cruiser on the
// resolved import graph: `npx depcruise --config .dependency-cruiser.cjs apps/api/src libs` (the `deps` project's
// lint target, so `npm test` runs it). `tools/architecture/floors.mjs` measures the same graph.
//
// A runtime import is one that is still there after TypeScript compiles the file: `import type`, `export type`
// and an import whose names are only used as types (TypeScript drops it: 'pre-compilation-only') are not.
const TYPE_ONLY = ['type-only', 'pre-compilation-only', 'type-import'];

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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)__tests__/', '\\.(test|spec)\\.tsx?$', '(^|/)node_modules/', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
