// Prints each built app's initial JavaScript and CSS (gzip) and its largest lazy chunks, from
// dist/apps/*/index.html and the assets beside it; "first render" adds the English texts, which the entry
// imports (one language's chunk, see loadI18n) before it renders. Prints the totals of the sign-in page and of
// the card and gateway checkout pages (first render plus the route's chunk and its static imports), and checks
// that the sign-in page loads no billing code nor its form, and the checkout pages no payment form. Run after
// `npx nx run-many -t build` (or the app builds you care about). `--by-package` adds, under each page's total,
// what its packages weigh (see byPackage). `--budget KB` fails the run when one of those three pages loads more
// than KB kB gzip of JS (npm test runs it with the product's budget: the `bundle-budget` project); `--report FILE`
// writes the checks' count in the shape of a Jest report (tmp/test-results, summed by tools/scripts/test-all.mjs).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const distApps = join(root, 'dist/apps');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const gz = (file) => gzipSync(readFileSync(file)).length;

/** Static imports of a chunk (`import ... from "./x.js"` and bare `import "./x.js"`), resolved to files. */
const staticImports = (file) => {
  const text = readFileSync(file, 'utf8');
  const found = new Set();
  for (const match of text.matchAll(/(?:import|export)\s*(?:[^'"`()]*?from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    found.add(resolve(dirname(file), match[1]));
  }
  return [...found];
};
/** Dynamic imports (lazy routes), resolved to files. */
const dynamicImports = (file) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => resolve(dirname(file), m[1]));
};
const closure = (entries) => {
  const seen = new Set();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
};

/** The source files a chunk was built from (its source map's `sources`), or none without a map. */
const sourcesOf = (file) => (existsSync(`${file}.map`) ? (JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources ?? []) : []);

/** The English namespace a chunk holds (`locales/en/<ns>.ts` in its source map), or null. */
const englishNamespaceOf = (file) => {
  const sources = sourcesOf(file);
  const match = sources.length === 1 ? /locales\/en\/(\w+)\.ts$/.exec(sources[0]) : null;
  return match ? match[1] : null;
};
/**
 * The namespaces an app's first page loads, read from where the app names them: the back office's
 * GUEST_NAMESPACES (a signed-out visitor's pages), the checkout's `namespaces` in main.tsx; every namespace
 * where none are named (the staff console).
 */
const firstNamespaces = (app) => {
  const read = (file, pattern) => {
    const path = join(root, file);
    const match = existsSync(path) ? pattern.exec(readFileSync(path, 'utf8')) : null;
    return match ? [...match[1].matchAll(/'(\w+)'/g)].map((m) => m[1]) : null;
  };
  const named =
    app === 'merchant-backoffice'
      ? read('apps/merchant-backoffice/src/app/gating.ts', /GUEST_NAMESPACES = \[([^\]]*)\]/)
      : app === 'public-checkout'
        ? read('apps/public-checkout/src/main.tsx', /namespaces: \[([^\]]*)\]/)
        : null;
  return named ?? readdirSync(join(root, 'libs/i18n/src/locales/en')).map((name) => name.replace(/\.ts$/, ''));
};

/** Decodes a source map's `mappings` (base64 VLQ) into, per generated line, [column, source index] pairs. */
const decodeMappings = (mappings) => {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const segments = [];
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = digits.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      // Later fields (source line, column, name) are deltas too, but only the source is needed here.
      if (fields.length > 1) source += fields[1];
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    return segments;
  });
};
/** node_modules/<package> (scoped or not), libs/<lib> or apps/<app> of a source map's source path. */
const packageOf = (source) => {
  const path = source.replace(/^(?:\.\.\/)+/, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules < 0) return path.split('/').slice(0, 2).join('/');
  const parts = path.slice(modules + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
};
/**
 * What each package weighs in `files`: each file's gzip size shared out by the characters its source map
 * gives each source (an estimate: gzip does not compress every part alike). Characters of no source (the
 * bundler's glue) are "(bundler)".
 */
const byPackage = (files) => {
  const weights = new Map();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const lines = code.split('\n');
    const perChar = gz(file) / Math.max(code.length, 1);
    const map = existsSync(`${file}.map`) ? JSON.parse(readFileSync(`${file}.map`, 'utf8')) : { sources: [], mappings: '' };
    let mapped = 0;
    decodeMappings(map.mappings).forEach((segments, index) => {
      segments.forEach(([column, source], at) => {
        if (source < 0) return;
        const length = (segments[at + 1]?.[0] ?? lines[index]?.length ?? 0) - column;
        const name = packageOf(map.sources[source]);
        weights.set(name, (weights.get(name) ?? 0) + length * perChar);
        mapped += length;
      });
    });
    weights.set('(bundler)', (weights.get('(bundler)') ?? 0) + (code.length - mapped) * perChar);
  }
  return [...weights].sort((a, b) => b[1] - a[1]);
};
const showPackages = process.argv.includes('--by-package');
const argument = (name) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const budgetKb = argument('--budget') === undefined ? null : Number(argument('--budget'));
if (budgetKb !== null && !(budgetKb > 0)) {
  console.error('--budget takes a size in kB, e.g. --budget 150');
  process.exit(2);
}
const reportFile = argument('--report');
/** Every check of the run: its name and whether it held (`--report`). */
const checks = [];
const check = (name, ok) => {
  checks.push({ name, ok });
  return ok;
};
/** The first-render budget of a page's JS (`--budget`): prints and records the check. */
const checkBudget = (label, files) => {
  if (budgetKb === null) return true;
  const size = [...files].reduce((sum, file) => sum + gz(file), 0);
  const ok = check(`${label} page's first-render JS within ${budgetKb} kB gzip`, size <= budgetKb * 1024);
  console.log(`  ${ok ? 'ok' : 'FAIL'}: the ${label} page's first-render JS, ${kb(size)} gzip, is ${ok ? 'within' : 'over'} the budget of ${budgetKb} kB`);
  return ok;
};
const printPackages = (files) => {
  if (!showPackages) return;
  const rows = byPackage(files).filter(([, size]) => size >= 102.4);
  for (let at = 0; at < rows.length; at += 4) {
    console.log(`      ${rows.slice(at, at + 4).map(([name, size]) => `${name} ${kb(size)}`).join(', ')}`);
  }
};

const apps = existsSync(distApps) ? readdirSync(distApps).filter((name) => existsSync(join(distApps, name, 'index.html'))) : [];
if (apps.length === 0) {
  console.error('No built apps under dist/apps: build them first.');
  process.exit(1);
}
/**
 * What an HTML entry of an app loads first: its scripts and module preloads with their static imports
 * (`initial`), plus the shown language's texts, imported by the entry before the first render (`firstRender`):
 * one chunk of every namespace (builds before per-namespace loading), or the chunks of the namespaces the
 * app's first page loads (see firstNamespaces).
 */
const firstLoadOf = (app, dir, htmlFile) => {
  const html = readFileSync(join(dir, htmlFile), 'utf8');
  const local = (href) => join(dir, href.replace(/^\/(?:checkout\/|staff\/)?/, '').replace(/^\.\//, ''));
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => local(m[1]));
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => local(m[1]));
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => local(m[1]));
  const initial = closure([...scripts, ...preloads]);
  const english = [...initial].flatMap(dynamicImports).filter((file) => /\/en-[\w-]+\.js$/.test(file));
  if (english.length === 0) {
    const wanted = firstNamespaces(app);
    english.push(...[...initial].flatMap(dynamicImports).filter((file) => wanted.includes(englishNamespaceOf(file))));
  }
  return { initial, firstRender: closure([...initial, ...english]), styles };
};

let failed = false;
for (const app of apps.sort()) {
  const dir = join(distApps, app);
  const { initial, firstRender, styles } = firstLoadOf(app, dir, 'index.html');
  const js = [...initial].reduce((sum, file) => sum + gz(file), 0);
  const css = styles.filter(existsSync).reduce((sum, file) => sum + gz(file), 0);
  const assets = join(dir, 'assets');
  const lazy = readdirSync(assets)
    .filter((name) => name.endsWith('.js') && !firstRender.has(join(assets, name)))
    .map((name) => ({ name, size: gz(join(assets, name)) }))
    .sort((a, b) => b.size - a.size);
  console.log(`\n${app}`);
  console.log(`  initial JS  ${kb(js)} gzip in ${initial.size} file(s)`);
  console.log(`  first render (initial + English texts) ${kb([...firstRender].reduce((sum, file) => sum + gz(file), 0))} gzip in ${firstRender.size} file(s)`);
  console.log(`  initial CSS ${kb(css)} gzip`);
  console.log('  largest lazy chunks (gzip):');
  for (const chunk of lazy.slice(0, 8)) console.log(`    ${kb(chunk.size).padStart(9)}  ${chunk.name}`);

  if (app === 'public-checkout') {
    // Each checkout page = the first render plus its route's chunk and what that imports statically. Its
    // payment form (and @mantine/form) comes after: the page is drawn, and hydrated, without it.
    for (const [label, pattern, form] of [
      ['card checkout', /card-checkout\.page-/, /\/checkout\/card-payment-form\.tsx$/],
      ['gateway checkout', /gateway-checkout\.page-/, /\/checkout\/gateway-payment-form\.tsx$/],
    ]) {
      const chunk = [...initial].flatMap(dynamicImports).find((target) => pattern.test(target));
      const files = closure([...firstRender, ...(chunk ? [chunk] : [])]);
      console.log(`  ${label} page loads ${files.size} JS file(s), ${kb([...files].reduce((s, f) => s + gz(f), 0))} gzip${chunk ? '' : ' (route chunk not found)'}`);
      printPackages(files);
      if (!checkBudget(label, files)) failed = true;
      const formFiles = [...files].filter((file) => sourcesOf(file).some((source) => form.test(source) || /node_modules\/@mantine\/form\//.test(source)));
      if (!check(`${label} page's first load holds no payment form`, Boolean(chunk) && formFiles.length === 0)) {
        failed = true;
        console.log(`  FAIL: the ${label} page's first load holds its payment form: ${formFiles.map((f) => f.split('/').pop()).join(', ') || 'route chunk not found'}`);
      } else {
        console.log(`  ok: the ${label} page's first load holds no payment form (nor @mantine/form)`);
      }
    }
  }

  if (app === 'merchant-backoffice') {
    // Sign-in = the initial files of the entry the API serves on /signin (the guest entry, guest.html, when
    // built: vite.guest.config.mts) plus the sign-in route's chunk and what it imports statically.
    const guestEntry = existsSync(join(dir, 'guest.html'));
    const pageLoad = guestEntry ? firstLoadOf(app, dir, 'guest.html') : { initial, firstRender };
    if (guestEntry) {
      console.log(`  guest entry (guest.html) initial JS ${kb([...pageLoad.initial].reduce((sum, file) => sum + gz(file), 0))} gzip in ${pageLoad.initial.size} file(s)`);
    }
    const entry = [...pageLoad.initial].find((file) => dynamicImports(file).some((target) => /signin\.page-/.test(target)));
    const signinChunk = entry && dynamicImports(entry).find((target) => /signin\.page-/.test(target));
    const signin = closure([...pageLoad.firstRender, ...(signinChunk ? [signinChunk] : [])]);
    const billing = [...signin].filter((file) => /billing|usage-add-on|plan-card|checkout/i.test(file.split('/').pop() ?? ''));
    const billingText = [...signin].filter((file) => /users\/billing\//.test(readFileSync(file, 'utf8')) && !/billing-summary/.test(file));
    console.log(`  sign-in page loads ${signin.size} JS file(s), ${kb([...signin].reduce((s, f) => s + gz(f), 0))} gzip`);
    printPackages(signin);
    if (!checkBudget('sign-in', signin)) failed = true;
    if (!check('sign-in loads no billing chunk', Boolean(signinChunk) && billing.length === 0)) {
      failed = true;
      console.log(`  FAIL: sign-in loads billing code: ${billing.map((f) => f.split('/').pop()).join(', ') || 'sign-in chunk not found'}`);
    } else {
      console.log(`  ok: sign-in loads no billing chunk${billingText.length ? ` (billing URLs appear in: ${billingText.map((f) => f.split('/').pop()).join(', ')})` : ''}`);
    }
    // Its card (the form, the code step and their calls: session/sign-in-flow.tsx) comes after, as the checkouts'
    // payment forms do: the page is drawn, and hydrated, without it.
    const formFiles = [...signin].filter((file) => sourcesOf(file).some((source) => /\/session\/sign-in-flow\.tsx$/.test(source) || /node_modules\/@mantine\/form\//.test(source)));
    if (!check("sign-in page's first load holds no form", formFiles.length === 0)) {
      failed = true;
      console.log(`  FAIL: the sign-in page's first load holds its form: ${formFiles.map((f) => f.split('/').pop()).join(', ')}`);
    } else {
      console.log("  ok: the sign-in page's first load holds no form (nor @mantine/form)");
    }
  }
}
// Each page must have been measured: a build that lost one (an app not built, a route renamed) fails too.
for (const label of budgetKb === null ? [] : ['sign-in', 'card checkout', 'gateway checkout']) {
  if (!checks.some(({ name }) => name.startsWith(`${label} page's first-render JS`))) {
    failed = true;
    check(`${label} page measured`, false);
    console.log(`  FAIL: the ${label} page was not measured (is its app built?)`);
  }
}
if (reportFile) {
  mkdirSync(dirname(resolve(reportFile)), { recursive: true });
  const numFailedTests = checks.filter(({ ok }) => !ok).length;
  writeFileSync(
    resolve(reportFile),
    `${JSON.stringify({ numPassedTests: checks.length - numFailedTests, numFailedTests, success: !failed, checks }, null, 2)}\n`,
  );
}
process.exit(failed ? 1 : 0);
