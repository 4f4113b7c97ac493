import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';

type SpaApp = { dir: string; mount: string };

const spaFallback = (indexFile: string): RequestHandler => (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  res.sendFile(indexFile);
};

/**
 * One origin for everything (serving-contract.md): /checkout/* and the checkout's spec paths → public
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
    const index = path.join(apps.checkout.dir, 'index.html');
    app.use('/checkout', express.static(apps.checkout.dir, assetOptions));
    app.get(['/checkout', '/checkout/{*splat}'], spaFallback(index));
    for (const specPath of ['/subscribe', '/subscribe-payment', '/subscribe-payment-result']) {
      app.get([specPath, `${specPath}/{*splat}`], spaFallback(index));
    }
  }
  if (present(apps.staff)) {
    app.use('/staff', express.static(apps.staff.dir, assetOptions));
    app.get(['/staff', '/staff/{*splat}'], spaFallback(path.join(apps.staff.dir, 'index.html')));
  }
  if (present(apps.backoffice)) {
    const index = path.join(apps.backoffice.dir, 'index.html');
    app.use(express.static(apps.backoffice.dir, assetOptions));
    app.get('/{*splat}', (req, res, next) => (req.path.startsWith('/api/') ? next() : spaFallback(index)(req, res, next)));
  }
};
