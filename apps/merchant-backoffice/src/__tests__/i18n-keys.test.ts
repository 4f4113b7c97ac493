import { NAMESPACES, createI18n } from '@merchant-hub/i18n';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const workspaceRoot = resolve(import.meta.dirname, '../../../..');
const SCANNED = ['apps/merchant-backoffice/src', 'libs/ui-kit/src'];

// A quoted `namespace:key` with no interpolation: the keys a screen names in full ('errors:error.otpBanned').
const KEY_LITERAL = /(['"`])([a-z]+):([A-Za-z][\w.]*)\1/g;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Every namespaced key literal of the scanned sources, with the file it is written in. */
const keyLiterals = (): { key: string; file: string }[] =>
  SCANNED.flatMap((dir) => sourceFiles(join(workspaceRoot, dir))).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(KEY_LITERAL)]
      .filter((match) => (NAMESPACES as readonly string[]).includes(match[2]))
      .map((match) => ({ key: `${match[2]}:${match[3]}`, file: relative(workspaceRoot, file) })),
  );

describe('i18n keys written in the back office and ui-kit sources', () => {
  const i18n = createI18n({ lng: 'en' });
  const found = keyLiterals();

  it('finds the keys the screens name, errors and validation included', () => {
    const keys = new Set(found.map((entry) => entry.key));
    expect(keys).toContain('errors:error.merchantCreationFailed');
    expect(keys).toContain('validation:image.typeInvalid');
    expect(keys).toContain('errors:general.notFound');
    expect(keys).toContain('account:wizard.title');
  });

  it('names only keys that exist in English', () => {
    // A plural family exists as `key_one`/`key_other`, which i18next finds only when asked with a count.
    const exists = (key: string) => i18n.exists(key) || i18n.exists(key, { count: 2 });
    const missing = found.filter(({ key }) => !exists(key));
    expect(missing).toEqual([]);
  });

  it('would flag the keys of the groups that no longer exist', () => {
    expect(['errors:login.invalidCredentials', 'errors:wizard.failed', 'errors:general.sessionExpired'].filter((key) => i18n.exists(key))).toEqual([]);
  });
});
