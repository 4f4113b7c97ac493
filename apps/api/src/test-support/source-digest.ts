import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What a freshly migrated and seeded database depends on: the API's and the libraries' sources (migrations,
 * seeds, the billing engine the seeds drive) and the configuration. Read once per test file, a few ms.
 */
export const sourceDigest = (() => {
  let digest: string | undefined;
  return (): string => {
    if (digest) return digest;
    const hash = createHash('sha256');
    const repo = path.resolve(__dirname, '../../../..');
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== '__tests__' && entry.name !== 'node_modules') walk(full);
        } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          hash.update(full.slice(repo.length)).update(fs.readFileSync(full));
        }
      }
    };
    walk(path.join(repo, 'apps/api/src'));
    walk(path.join(repo, 'libs'));
    digest = hash.digest('hex');
    return digest;
  };
})();

/** The name part of a seeded template for these settings (PostgreSQL's `mh_tpl_<…>`, SQLite's file in tmp/test-templates). */
export const templateDigest = (settings: Record<string, string>): string => createHash('sha256').update(sourceDigest()).update(JSON.stringify(settings)).digest('hex').slice(0, 16);
