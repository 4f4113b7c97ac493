import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nx from '@nx/eslint-plugin';

const API_MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/api/src/modules');

/**
 * An API module's `index.ts` is its public surface: from outside `apps/api/src/modules/<name>/` (another
 * module, jobs, seeds, http, tools) it is imported as `…/modules/<name>` (or `…/<name>/index`), never a file
 * inside it. Inside a module, its own files import each other freely.
 */
const apiModuleBoundaries = {
  meta: { type: 'problem', messages: { deep: "Import the '{{module}}' module through its index ('{{suggested}}'), not '{{source}}'." }, schema: [] },
  create(context) {
    const file = context.filename;
    const moduleOf = (target) => {
      const relative = path.relative(API_MODULES, target);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
      const [name, ...rest] = relative.split(path.sep);
      return { name, rest };
    };
    const own = moduleOf(file);
    const ownName = own && own.rest.length > 0 ? own.name : null;
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(file), source.value));
      if (!target || target.rest.length === 0 || target.name === ownName) return;
      if (target.rest.length === 1 && target.rest[0].replace(/\.ts$/, '') === 'index') return;
      const relative = path.relative(path.dirname(file), path.join(API_MODULES, target.name)).split(path.sep).join('/');
      const suggested = relative.startsWith('.') ? relative : `./${relative}`;
      context.report({ node: source, messageId: 'deep', data: { module: target.name, source: source.value, suggested } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

// Dependency rules of STYLE.md: util libs stay pure (no React, Mantine, Express or Knex); a scope imports
// itself and `shared` only; a feature never imports another feature.
const bannedInUtil = ['react', 'react-dom', 'react-router', 'react-i18next', '@mantine/*', '@tanstack/*', 'express', 'knex', 'better-sqlite3', 'pg'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/node_modules', '**/vite.config.*.timestamp*', 'tmp', 'data'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
            {
              sourceTag: 'type:util',
              onlyDependOnLibsWithTags: ['type:util'],
              bannedExternalImports: bannedInUtil,
            },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
            { sourceTag: 'scope:merchant', onlyDependOnLibsWithTags: ['scope:merchant', 'scope:shared'] },
            { sourceTag: 'scope:checkout', onlyDependOnLibsWithTags: ['scope:checkout', 'scope:shared'] },
            { sourceTag: 'scope:staff', onlyDependOnLibsWithTags: ['scope:staff', 'scope:shared'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts', 'tools/**/*.ts'],
    plugins: { 'merchant-hub': { rules: { 'api-module-boundaries': apiModuleBoundaries } } },
    rules: { 'merchant-hub/api-module-boundaries': 'error' },
  },
];
