import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const projectRoot = import.meta.dirname;
const workspaceRoot = resolve(projectRoot, '../..');

// Test-only config: the feature is consumed as source through the workspace path alias, never built on its own.
export default defineConfig({
  root: projectRoot,
  cacheDir: resolve(workspaceRoot, 'node_modules/.vite/feature-billing'),
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  test: {
    // Rooted at the workspace so `--outputFile` paths in project.json land in the shared tmp/test-results.
    root: workspaceRoot,
    dir: projectRoot,
    environment: 'jsdom',
    setupFiles: [resolve(projectRoot, 'src/test-setup.ts')],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    css: false,
  },
});
