// Build-time prerendering of an app's first pages (issue 12): after the browser build, the app's prerender
// module is built for Node, its pages rendered with react-dom/server and written beside index.html, so the
// browser paints them from HTML + CSS before any script runs; the app then takes them over (app-root renderApp).
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { Plugin, Rolldown } from 'vite';
import { PRERENDER_OFF_ATTRIBUTE as OFF, PRERENDER_PENDING_SUBMIT as PENDING } from '../../libs/app-root/src/prerender-attribute';

/** A page of the app's prerender module: the file written, the path rendered and the paths the API serves it on. */
export type PrerenderPage = { file: string; url: string; pattern: string };

/**
 * What prerender-pages.mjs prints for an app's prerender module (e.g. apps/merchant-backoffice/src/prerender.tsx,
 * which exports `pages`, `root(url)`: the tree the app's entry renders there, and `head()`: what the page's
 * <head> needs before it paints, the colour scheme script).
 */
type RenderedPages = { head: string; pages: { file: string; pattern: string; titles: PageTitles | null; markup: string }[]; entryPatterns: string[] };

/** A page's tab title by language code (`{ en: 'Sign in · Merchant Hub', zhtw: '登入 · Merchant Hub', … }`). */
export type PageTitles = Record<string, string>;

/** Where a page's titles wait for its head script: a `<meta>` before `<title>`, read before the page paints. */
const TITLES_META = 'page-titles';

/**
 * Written beside the pages: `[{ pattern, file, scriptHashes }]`. The API serves each file on the paths its pattern
 * matches, allowing its inline scripts by these hashes in its Content-Security-Policy (README, serving contract).
 */
export const PRERENDER_MANIFEST = 'prerender.json';

/** The most the head script may weigh (minified; it is a few kB of language and session code). */
const GUARD_LIMIT = 16 * 1024;

/**
 * The head script: `showsPrerender()` of the prerender module, bundled for the browser with everything it calls
 * (the apps' own language and session code, never a copy of it). When it says no, or throws, the markup stays
 * hidden until the app empties #root and renders afresh (app-root `renderApp`), as on a page not prerendered.
 */
const guardScript = async (projectRoot: string, moduleFile: string): Promise<string> => {
  const entry = '\0prerender-guard';
  const result = await build({
    configFile: false,
    root: projectRoot,
    logLevel: 'warn',
    resolve: { tsconfigPaths: true },
    plugins: [
      {
        name: 'prerender-guard-entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry
            ? `import { pageLanguage, showsPrerender } from ${JSON.stringify(moduleFile)};\n` +
              `let shows = false;\ntry { shows = showsPrerender(); } catch {}\n` +
              `if (!shows) document.documentElement.setAttribute(${JSON.stringify(OFF)}, '');\n` +
              // The page's language and its tab's title in it, before anything paints (the markup is English,
              // and hidden above when the visitor reads another language; the app keeps both up to date after).
              `try {\n` +
              `  const language = pageLanguage();\n` +
              `  document.documentElement.lang = language.tag;\n` +
              `  const titles = JSON.parse(document.querySelector('meta[name=${TITLES_META}]')?.getAttribute('content') ?? '{}');\n` +
              `  if (titles[language.locale]) document.title = titles[language.locale];\n` +
              `} catch {}\n`
            : null,
      },
    ],
    build: {
      write: false,
      minify: true,
      // Only what showsPrerender calls: the app's and libs' other modules (React, Mantine...) are left out.
      rolldownOptions: {
        input: entry,
        treeshake: { moduleSideEffects: (id: string) => id === entry },
        output: { format: 'iife' },
        // Mantine's "use client" directives, met on the way through the libs' barrels, mean nothing here.
        onLog: (level, log, handler) => (log.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : handler(level, log)),
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('prerender: the head script was not built');
  // It runs before the page paints, parsed on the main thread: a module-level call of the prerender module
  // (`pages`' titles, unless marked pure) once pulled i18next and every language's texts into it (310 kB).
  if (chunk.code.length > GUARD_LIMIT) {
    const largest = Object.entries(chunk.modules)
      .sort(([, a], [, b]) => b.renderedLength - a.renderedLength)
      .slice(0, 8)
      .map(([id, module]) => `${id.replace(/^.*node_modules\//, '')} ${module.renderedLength}`);
    throw new Error(`prerender: the head script is ${chunk.code.length} bytes (limit ${GUARD_LIMIT}), more than showsPrerender and pageLanguage need: ${largest.join(', ')}`);
  }
  return chunk.code.trim();
};

/** Holds back a submit before the app handles it (a full reload of the same page); see app-root `renderApp`. */
export const HOLD_SUBMIT = `addEventListener('submit',function(e){if(window.${PENDING}!==false){e.preventDefault();window.${PENDING}=e.target}},true)`;

/**
 * Nothing of the app is fetched before the first paint: at 4x CPU throttling the responses of its preloaded
 * chunks and stylesheet (hundreds of kB: received, and for modules compiled, on the main thread) took turns
 * with the paint and delayed it. The start script, once a frame has painted the markup, preloads the entry
 * and the chunks Vite would have preloaded (same URLs, `crossorigin`, so the entry's imports reuse them; one a task),
 * enables the whole stylesheet held back by `deferStylesheet` (which fetches it), and evaluates the entry once
 * that has loaded, so nothing the app draws is ever without its styles (at once if a browser loaded it
 * regardless of `disabled`: it has a sheet then, and no load event is coming). A hidden tab paints nothing: it
 * starts at once.
 */
const startAfterPaint = (html: string): string => {
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g)];
  const withoutPreloads = preloads.reduce((rest, [tag]) => rest.replace(tag, ''), html);
  return withoutPreloads.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
    const chunks = JSON.stringify([src, ...preloads.map(([, href]) => href)]);
    // One link a task: each request costs the main thread 5-30 ms at 4x CPU throttling (Blink's resource fetch),
    // which in one task made a long one (100-120 ms for the stylesheet and six chunks).
    const preload = `const c=${chunks};const q=[...c];const p=()=>{const h=q.shift();if(!h)return;const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l);setTimeout(p)};setTimeout(p)`;
    const styled = `new Promise(r=>{const l=document.querySelector('link[${AFTER_PAINT}]');if(!l)return r();l.onload=l.onerror=r;l.disabled=false;if(l.sheet)r()})`;
    // The entry's chunks are evaluated one a task, in Vite's preload order, before the entry itself (which would
    // evaluate them all in its own task: 70-130 ms at 4x CPU throttling, React DOM alone about half of it). A
    // module runs once, its imports first, whoever imports it first: the order of evaluation is the entry's.
    // On a failure, the entry is imported at once (its own error, e.g. a chunk gone with a deploy).
    const run = `const run=h=>h.length>1?import(h[0]).then(()=>new Promise(r=>setTimeout(r))).then(()=>run(h.slice(1)),()=>import(c[0])):import(h[0])`;
    const start = `const start=()=>{${preload};${run};return ${styled}.then(()=>run([...c.slice(1),c[0]]))};document.visibilityState==='hidden'?start():requestAnimationFrame(()=>setTimeout(start))`;
    return `<script type="module">${start}</script>`;
  });
};

/** Marks the app's stylesheet link that waits, disabled, until the page has painted. */
const AFTER_PAINT = 'data-after-paint';

/**
 * The first paint parses only the rules the page's markup can match, inline: Beasties (a maintained critical-CSS
 * inliner) keeps the stylesheet's rules whose selectors match an element of the page, any state (hover, focus...)
 * taken to hold, and the keyframes they name. The rules of the dark scheme are kept too: the head script sets it
 * on <html> before the paint. The page's own <style> elements are left as written (`reduceInlineStyles`), and
 * Beasties does not touch the stylesheet link (`preload: false`: its other modes add inline event handlers, which
 * the Content-Security-Policy refuses); it is held back here instead, disabled until startAfterPaint enables it.
 * Its rules, the same ones in the same order, then follow their inline copies and so win: the cascade ends as
 * it was. The CSP's style-src (helmet's default) allows inline styles.
 */
const inlineCriticalCss = async (html: string, stylesheets: { dir: string; base: string }): Promise<string> => {
  const beasties = new Beasties({
    path: stylesheets.dir,
    publicPath: stylesheets.base,
    // `false` is Beasties' "leave the link alone" (its types leave it out).
    preload: false as unknown as 'body',
    pruneSource: false,
    reduceInlineStyles: false,
    allowRules: [/data-mantine-color-scheme=["']?dark/],
    keyframes: 'critical',
    compress: true,
    logLevel: 'warn',
  });
  // Beasties marks <html> for its own use; the page has no need of it.
  const inlined = (await beasties.process(html)).replace(/ data-beasties-container(="")?/, '');
  let deferred = 0;
  const result = inlined.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/, (_tag, href: string) => {
    deferred++;
    return `<link rel="stylesheet" crossorigin href="${href}" ${AFTER_PAINT} disabled>`;
  });
  if (deferred !== 1 || !/<\/style>\s*<link rel="stylesheet"[^>]+data-after-paint disabled>/.test(result)) {
    throw new Error('prerender: the critical CSS was not inlined before the stylesheet link');
  }
  return result;
};

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's own `<title>` (its English one: the markup is English) and, in a `<meta>`, its title in every
 * language for the head script; index.html's generic title otherwise.
 */
const titleTags = (indexHtml: string, titles: PageTitles | null): string => {
  const generic = /<title>[^<]*<\/title>/.exec(indexHtml)?.[0] ?? '<title></title>';
  if (!titles?.en) return generic;
  return `<meta name="${TITLES_META}" content="${escapeHtml(JSON.stringify(titles))}" />\n    <title>${escapeHtml(titles.en)}</title>`;
};

/** The built index.html with the page's markup in #root and, before anything else can run, its head scripts. */
export const pageHtml = async ({
  indexHtml,
  markup,
  head,
  guard,
  stylesheets,
  titles = null,
}: {
  indexHtml: string;
  markup: string;
  head: string;
  guard: string;
  /** Where the built stylesheets are (outDir) and the public path their hrefs start with (the app's base). */
  stylesheets: { dir: string; base: string };
  titles?: PageTitles | null;
}): Promise<string> => {
  if (!indexHtml.includes('<div id="root"></div>') || !/<title>[^<]*<\/title>/.test(indexHtml)) throw new Error('prerender: index.html has no empty #root or no <title>');
  // Inline scripts after a stylesheet wait for it: these go before the stylesheet and module links Vite adds,
  // and after the titles, which the guard reads.
  const headScripts = `${titleTags(indexHtml, titles)}\n    <style>html[${OFF}] #root{display:none}</style>${head}<script>${guard}</script><script>${HOLD_SUBMIT}</script>`;
  const page = indexHtml
    // The default scheme until the head script sets the visitor's (Mantine's `mantineHtmlProps`): Mantine's
    // colours hang on this attribute, so without it a page whose scripts do not run would have none.
    .replace(/<html /, '<html data-mantine-color-scheme="light" ')
    .replace(/<title>[^<]*<\/title>/, () => headScripts)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  return startAfterPaint(await inlineCriticalCss(page, stylesheets));
};

/** CSP source expressions (`'sha256-…'`) of the page's inline scripts, exactly as written. */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);

export type PrerenderOptions = {
  projectRoot: string;
  outDir: string;
  /** Where the Node build of the prerender module goes (inside the workspace, so its imports resolve). */
  cacheDir: string;
  /** The app's prerender module, relative to its project root. */
  module: string;
  /** The build's HTML file in outDir (index.html, or a second entry's). */
  indexHtml?: string;
};

/** The plugin: runs once the browser build has written index.html (not under Vitest, not in the dev server). */
export const prerender = ({ projectRoot, outDir, cacheDir, module, indexHtml: indexFile = 'index.html' }: PrerenderOptions): Plugin => {
  // The app's public path, which its asset URLs start with (e.g. /checkout/).
  let base = '/';
  return {
    name: 'merchant-hub-prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr && !config.build?.lib,
    configResolved: (config) => {
      base = config.base;
    },
    closeBundle: {
      sequential: true,
      handler: async () => {
        const moduleFile = resolve(projectRoot, module);
        const serverDir = join(cacheDir, 'prerender');
        await build({
          configFile: false,
          root: projectRoot,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { tsconfigPaths: true },
          build: {
            ssr: moduleFile,
            outDir: serverDir,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: {
              output: { entryFileNames: 'prerender.mjs', chunkFileNames: '[name]-[hash].mjs' },
              // Node's build imports every language statically (createI18n) beside the browser's per-namespace chunks.
              onLog: (level, log, handler) => (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' ? undefined : handler(level, log)),
            },
          },
        });
        const rendered = JSON.parse(
          execFileSync(process.execPath, [join(import.meta.dirname, 'prerender-pages.mjs'), join(serverDir, 'prerender.mjs')], {
            env: { ...process.env, NODE_ENV: 'production' },
            encoding: 'utf8',
            maxBuffer: 64 * 1024 * 1024,
          }),
        ) as RenderedPages;
        const indexHtml = readFileSync(join(outDir, indexFile), 'utf8');
        const guard = await guardScript(projectRoot, moduleFile);
        const manifest = [];
        for (const { file, pattern, titles, markup } of rendered.pages) {
          const html = await pageHtml({ indexHtml, markup, head: rendered.head, guard, stylesheets: { dir: outDir, base }, titles });
          writeFileSync(join(outDir, file), html);
          manifest.push({ pattern, file, scriptHashes: inlineScriptHashes(html) });
        }
        // The other paths the build's own HTML (a second entry's) is the answer for, after the prerendered pages.
        for (const pattern of rendered.entryPatterns) manifest.push({ pattern, file: indexFile, scriptHashes: inlineScriptHashes(indexHtml) });
        writeFileSync(join(outDir, PRERENDER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      },
    },
  };
};
