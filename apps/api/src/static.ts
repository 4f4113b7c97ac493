import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';

type SpaApp = { dir: string; mount: string };

/**
 * A page the app's build prerendered (tools/vite/prerender.ts): the file, the paths it is the answer for and the
 * CSP hashes of its inline scripts (which paint it in the right colour scheme and hide it from those who will
 * not see it, before any script file could load).
 */
type PrerenderedPage = { pattern: RegExp; file: string; scriptHashes: string[] };

/** Written by the build beside index.html: `[{ "pattern": "^/signin/?$", "file": "signin.html", "scriptHashes": [...] }]`. */
const PRERENDER_MANIFEST = 'prerender.json';

const prerenderedPages = (dir: string, logger: Logger): PrerenderedPage[] => {
  const manifest = path.join(dir, PRERENDER_MANIFEST);
  if (!fs.existsSync(manifest)) return [];
  try {
    const entries = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { pattern: string; file: string; scriptHashes?: string[] }[];
    return entries.map((entry) => ({
      pattern: new RegExp(entry.pattern),
      file: path.join(dir, path.basename(entry.file)),
      scriptHashes: (entry.scriptHashes ?? []).filter((hash) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(hash)),
    }));
  } catch (error) {
    // A broken manifest costs the fast first paint, never the page: index.html still serves every path.
    logger.warn({ err: error, manifest }, 'prerender manifest unreadable, serving index.html only');
    return [];
  }
};

/** index.html on every path, or the prerendered page whose pattern matches the path (serving contract, README). */
const spaFallback = (dir: string, pages: PrerenderedPage[] = []): RequestHandler => {
  const index = path.join(dir, 'index.html');
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = pages.find((candidate) => candidate.pattern.test(req.path));
    if (!page) return res.sendFile(index);
    const csp = res.getHeader('Content-Security-Policy');
    if (typeof csp === 'string' && page.scriptHashes.length > 0) {
      res.setHeader('Content-Security-Policy', csp.replace(/(^|;)script-src ([^;]*)/, `$1script-src $2 ${page.scriptHashes.join(' ')}`));
    }
    res.sendFile(page.file);
  };
};

/**
 * One origin for everything (README, "serving contract"): /checkout/* and the checkout's spec paths → public
 * checkout, /staff/* → staff console, every other GET → merchant back office. Missing builds are skipped.
 */
export const mountStaticApps = (app: Express, root: string, logger: Logger): void => {
  const apps: Record<'backoffice' | 'checkout' | 'staff', SpaApp> = {
    backoffice: { dir: path.join(root, 'merchant-backoffice'), mount: '/' },
    checkout: { dir: path.join(root, 'public-checkout'), mount: '/checkout' },
    staff: { dir: path.join(root, 'staff-console'), mount: '/staff' },
  };
  const present = (spa: SpaApp): boolean => {
    const ok = fs.existsSync(path.join(spa.dir, 'index.html'));
    if (!ok) logger.info({ dir: spa.dir }, 'static app not built, skipped');
    return ok;
  };
  const assetOptions = { index: false, maxAge: '1h', fallthrough: true };

  if (present(apps.checkout)) {
    app.use('/checkout', express.static(apps.checkout.dir, assetOptions));
    app.get(['/checkout', '/checkout/{*splat}'], spaFallback(apps.checkout.dir));
    // The card and gateway checkouts are prerendered at their spec paths.
    const pages = prerenderedPages(apps.checkout.dir, logger);
    for (const specPath of ['/subscribe', '/subscribe-payment', '/subscribe-payment-result']) {
      app.get([specPath, `${specPath}/{*splat}`], spaFallback(apps.checkout.dir, pages));
    }
  }
  if (present(apps.staff)) {
    app.use('/staff', express.static(apps.staff.dir, assetOptions));
    app.get(['/staff', '/staff/{*splat}'], spaFallback(apps.staff.dir));
  }
  if (present(apps.backoffice)) {
    const fallback = spaFallback(apps.backoffice.dir, prerenderedPages(apps.backoffice.dir, logger));
    app.use(express.static(apps.backoffice.dir, assetOptions));
    app.get('/{*splat}', (req, res, next) => (req.path.startsWith('/api/') ? next() : fallback(req, res, next)));
  }
};
