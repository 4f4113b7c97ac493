import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../../apps/api/src/app';
import { systemClock } from '../../../apps/api/src/clock';
import { loadConfig } from '../../../apps/api/src/config';
import { createDb } from '../../../apps/api/src/db/knex';
import { migrateLatest } from '../../../apps/api/src/db/migrations';
import { seedDatabase } from '../../../apps/api/src/db/seeds';
import { createLogger } from '../../../apps/api/src/http/logging';
import { createOutboxNotifier } from '../../../apps/api/src/modules/notifications';
import { apiModules } from '../../../apps/api/src/modules/registry';

/** The real app on a seeded SQLite file, listening on an ephemeral port, plus a signed-in skip-otp merchant. */
export const start = async (dir: string): Promise<{ url: string; token: string; stop: () => Promise<void> }> => {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'api-bench.sqlite');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: `sqlite:${file}`, SCRYPT_COST: '1024', LOG_LEVEL: 'silent', STATIC_ROOT: path.join(dir, 'none'), UPLOAD_DIR: path.join(dir, 'uploads') });
  const db = createDb({ url: config.databaseUrl });
  await migrateLatest(db);
  const modules = apiModules.filter((m) => m.enabled?.(config) ?? true);
  await seedDatabase({ db, clock: systemClock, config, modules });
  const notifier = createOutboxNotifier({ db, clock: systemClock, secret: config.sessionSecret });
  const app = createApp({ db, clock: systemClock, notifier, config, logger: createLogger('silent'), rateLimits: false });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const body = JSON.stringify({ email: 'skip-otp@demo.test', password: 'Merchant2026' });
  const headers = { 'content-type': 'application/json' };
  await fetch(`${url}/api/erpCheckOTPStatus`, { method: 'POST', headers, body });
  const login = (await (await fetch(`${url}/api/login`, { method: 'POST', headers, body })).json()) as { access_token: string };
  return { url, token: login.access_token, stop: async () => { server.close(); await db.destroy(); } };
};
