// The one Vite/Vitest configuration of the React projects: each app's and lib's vite.config.mts names only
// what differs (its base path, dev port, setup file).
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import { prerender } from './prerender';

export const workspaceRoot = resolve(import.meta.dirname, '../..');
const api = { '/api': { target: 'http://localhost:3000' } };

/** jsdom stubs for Mantine plus Testing Library cleanup; shared by every React project's tests. */
export const jsdomSetup = resolve(import.meta.dirname, 'jsdom-setup.ts');
/** Testing Library's one default wait (jsdom-setup.ts imports it too), for a project with its own setup file. */
export const testingLibrarySetup = resolve(import.meta.dirname, 'testing-library-setup.ts');
/** Each test file's start as in a worker of its own, though it shares one (`isolate: false`); before any other setup. */
const freshFileSetup = resolve(import.meta.dirname, 'fresh-file-setup.ts');
/** Property tests: one fixed seed and run count for the workspace (tools/test/README.md); before the React setups. */
const fastCheckSetup = resolve(workspaceRoot, 'tools/test/fast-check-setup.ts');

type TestOptions = { projectRoot: string; setupFiles?: string[] };

const testConfig = ({ projectRoot, setupFiles = [jsdomSetup] }: TestOptions) => ({
  // Rooted at the workspace so `--outputFile` paths in project.json land in the shared tmp/test-results.
  root: workspaceRoot,
  dir: projectRoot,
  environment: 'jsdom' as const,
  // A worker runs its files one after another in one jsdom with React, Mantine and Testing Library loaded once: a
  // new process per file spent most of its CPU loading them (ui-kit: 51 s of CPU -> 7 s). fresh-file-setup.ts
  // starts each file as a new worker would (modules, storage, cookies, document, address).
  isolate: false,
  setupFiles: [freshFileSetup, fastCheckSetup, ...setupFiles],
  include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
  css: false,
  // Screen tests type into real forms with user-event: on a 2-core machine kept busy (test-under-load.mjs) one
  // took over 20 s. A bound for a test that hangs, not a speed check: a passing test never waits for it.
  testTimeout: 60_000,
  // Under Node, `react-router` resolves to its CommonJS build while `react-router/dom` loads the ESM chunks,
  // giving two router contexts; point the bare specifier at the ESM build the browser bundle uses.
  alias: [{ find: /^react-router$/, replacement: resolve(workspaceRoot, 'node_modules/react-router/dist/development/index.mjs') }],
});

/** `@mantine/core`'s ESM build, whose folders the first-render chunk rules below name. */
const MANTINE_ESM = resolve(workspaceRoot, 'node_modules/@mantine/core/esm');

/**
 * A chunk rule taking these folders of `@mantine/core/esm` (`core`, `components/Button`...). They are the
 * library's inner layout, which an upgrade may change: every build checks that each still exists and fails
 * here, naming it, when one does not (a rule matching nothing would only show as a first load over budget).
 * Without such rules the sign-in page's first load is 153.0 kB gzip (issue 30, 2026-11-28), over its 150 kB.
 */
const mantineFolders = (folders: readonly string[]): RegExp => {
  const gone = folders.filter((folder) => !existsSync(resolve(MANTINE_ESM, folder)));
  if (gone.length > 0) {
    throw new Error(`@mantine/core/esm has no ${gone.join(', ')} any more (an upgrade moved them): update the chunk rules in tools/vite/react-project.ts`);
  }
  return new RegExp(folders.map((folder) => String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]${folder.split('/').join(String.raw`[\/]`)}[\/]`).join('|'));
};

/**
 * The part of Mantine the sign-in and checkout pages draw with (its core, layout, buttons and the language
 * picker's input frame): one chunk. Every other component (popovers, modals, tables, dates...) stays in the
 * chunks of the pages that use it, and so do @mantine/hooks: the chunk takes only the hooks its components
 * import (naming the whole package put the focus trap, drag, collapse and long-press hooks of later screens in
 * the sign-in page's first load, 4.4 kB).
 */
const MANTINE_FIRST_RENDER = mantineFolders([
  'core',
  ...['ActionIcon', 'Button', 'Card', 'Center', 'Group', 'Input', 'InputBase', 'Loader', 'NativeSelect', 'Paper', 'Stack', 'Text', 'Title', 'Transition', 'UnstyledButton', 'VisuallyHidden'].map(
    (component) => `components/${component}`,
  ),
  'components/Combobox/ComboboxChevron',
]);

/**
 * The inputs, links and alerts of the first forms (sign-in's card, sign-up, the passwords): one chunk, loaded
 * with the form that needs it, not in the sign-in page's first load (its card is a lazy part). Of `utils`, only what Checkbox draws
 * with: the floating helpers (Popover, Tooltip, Menu) stay with them.
 */
const MANTINE_FIRST_FORM = mantineFolders(['utils/InlineInput', ...['Alert', 'Anchor', 'Checkbox', 'CloseButton', 'PasswordInput', 'TextInput'].map((component) => `components/${component}`)]);

export type ReactAppOptions = {
  /** The app's folder (`import.meta.dirname` of its vite.config.mts). */
  projectRoot: string;
  name: string;
  /** Where the API serves the app's assets (serving contract in the README). */
  base: string;
  devPort: number;
  /**
   * Put i18next and the part of Mantine a first render draws with in one chunk each. Worth it where the
   * bundler would otherwise split them into dozens of small shared chunks (the back office's many lazy
   * screens); in an app of few screens it only adds components the first page does not use.
   */
  firstRenderChunks?: boolean;
  /**
   * The app's prerender module (`src/prerender.tsx`): its pages are rendered to HTML at build time and served
   * by the API on their paths (tools/vite/prerender.ts, serving contract in the README).
   */
  prerenderModule?: string;
  /**
   * A second entry of the app (the back office's guest pages), built on its own after the app's own build and
   * into the same folder, which only the app's own build empties: its HTML file in the project root. Its chunks
   * that are the same as the first build's (React, i18next, the texts, the stylesheet) have the same names.
   */
  entry?: { html: string };
};

export const reactAppConfig = ({ projectRoot, name, base, devPort, firstRenderChunks = false, prerenderModule, entry }: ReactAppOptions): UserConfig => {
  const outDir = resolve(workspaceRoot, `dist/apps/${name}`);
  const cacheDir = resolve(workspaceRoot, `node_modules/.vite/${name}${entry ? `-${entry.html.replace(/\.html$/, '')}` : ''}`);
  return defineConfig({
    root: projectRoot,
    base,
    cacheDir,
    plugins: [react(), ...(prerenderModule ? [prerender({ projectRoot, outDir, cacheDir, module: prerenderModule, indexHtml: entry?.html ?? 'index.html' })] : [])],
    resolve: { tsconfigPaths: true },
    server: { port: devPort, proxy: api },
    preview: { port: devPort + 100, proxy: api },
    build: {
      outDir,
      emptyOutDir: !entry,
      sourcemap: true,
      // A lazy page's chunks are fetched by its import() alone, not also through <link rel=modulepreload>s its
      // import() would append all in one task (each link costs the main thread 5-30 ms at 4x CPU throttling:
      // 100-150 ms as the sign-in and checkout pages were taken over). The entry's own preloads stay (the
      // prerendered pages' start script adds them one a task).
      modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
      rolldownOptions: {
        ...(entry ? { input: resolve(projectRoot, entry.html) } : {}),
        // The workspace libs are pure modules reached through barrel files; saying so lets a lazy route's
        // components (language picker, modals...) stay in that route's chunk instead of the entry chunk.
        treeshake: { moduleSideEffects: (id: string) => !/\/libs\/[^/]+\/src\/.+\.tsx?$/.test(id) },
        // React and the router change only with a dependency upgrade: their own chunks stay cached across deploys.
        output: {
          // A stylesheet is named by its content only: the back office's two entries (`entry`) build the same
          // one under one name, so the browser has it cached from either.
          assetFileNames: (asset: { names: string[] }) => `assets/${asset.names.some((file) => file.endsWith('.css')) ? 'style' : '[name]'}-[hash][extname]`,
          codeSplitting: {
            groups: [
              // With app-root's react-dom-client.ts, whose import makes the chunk evaluate React DOM itself.
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|libs[\\/]app-root[\\/]src[\\/]react-dom-client\.ts$/ },
              { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
              ...(firstRenderChunks
                ? [
                    { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|use-sync-external-store)[\\/]/ },
                    { name: 'mantine', test: MANTINE_FIRST_RENDER },
                    { name: 'mantine-form', test: MANTINE_FIRST_FORM },
                  ]
                : []),
            ],
          },
        },
      },
    },
    test: testConfig({ projectRoot }),
  });
};

/** A React library consumed as source through the workspace path alias: tests only, never built alone. */
export const reactLibTestConfig = (options: { projectRoot: string; name: string; setupFiles?: string[] }): UserConfig =>
  defineConfig({
    root: options.projectRoot,
    cacheDir: resolve(workspaceRoot, `node_modules/.vite/${options.name}`),
    plugins: [react()],
    resolve: { tsconfigPaths: true },
    test: testConfig(options),
  });
