import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const projectRoot = import.meta.dirname;
const workspaceRoot = resolve(projectRoot, '../..');
const api = { '/api': { target: 'http://localhost:3000' } };

export default defineConfig({
  root: projectRoot,
  // The API serves this app, assets and SPA fallback alike, under /staff/ (serving contract).
  base: '/staff/',
  cacheDir: resolve(workspaceRoot, 'node_modules/.vite/staff-console'),
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  server: { port: 4202, proxy: api },
  preview: { port: 4302, proxy: api },
  build: {
    outDir: resolve(workspaceRoot, 'dist/apps/staff-console'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The workspace libs are pure modules reached through barrel files; saying so lets a lazy route's
      // components (language picker, modals...) stay in that route's chunk instead of the entry chunk.
      treeshake: { moduleSideEffects: (id: string) => !/\/libs\/[^/]+\/src\/.+\.tsx?$/.test(id) },
      // React and the router change only with a dependency upgrade: their own chunks stay cached across deploys.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    // Rooted at the workspace so `--outputFile` paths in project.json land in the shared tmp/test-results.
    root: workspaceRoot,
    dir: projectRoot,
    environment: 'jsdom',
    setupFiles: [resolve(projectRoot, 'src/test-setup.ts')],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    css: false,
    // Under Node, `react-router` resolves to its CommonJS build while `react-router/dom` loads the ESM chunks,
    // giving two router contexts; point the bare specifier at the ESM build the browser bundle uses.
    alias: [{ find: /^react-router$/, replacement: resolve(workspaceRoot, 'node_modules/react-router/dist/development/index.mjs') }],
  },
});
