import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createI18n } from '@merchant-hub/i18n';
import { REGISTRATION_MESSAGES } from '../../modules/signup';
import { AppError, ERROR_CODES, errorBody, errorSpec } from '../errors';

// Clients translate the `key` an error carries; a key without its namespace, or one the texts lack, shows
// the user a raw key or a generic text instead of the message.
const i18n = createI18n({ lng: 'en' });
const QUALIFIED = /^(common|errors|validation):[A-Za-z]\w*(\.[A-Za-z]\w*)+$/;

const isText = (key: string): boolean => {
  const [ns, path] = key.split(':');
  return i18n.exists(key) && typeof i18n.getResource('en', ns, path) === 'string';
};

const apiSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : apiSources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

describe('error keys', () => {
  it('lists every error code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toEqual(expect.arrayContaining(['validation_failed', 'otp_banned', 'must_subscribe', 'card_in_use']));
  });

  it.each(ERROR_CODES)('%s answers with a namespaced key that has an English text', (code) => {
    const { key } = errorSpec(code);
    expect({ code, key, qualified: QUALIFIED.test(key), text: isText(key) }).toEqual({ code, key, qualified: true, text: true });
  });

  it('sends the key in both places of the body', () => {
    const body = errorBody(new AppError('otp_banned'));
    expect(body.key).toBe('errors:error.otpBanned');
    expect(body.error.key).toBe('errors:error.otpBanned');
    expect(i18n.t(body.key)).toBe('Log in has been locked for a period of time. Come back later');
  });

  it.each(Object.keys(REGISTRATION_MESSAGES))('registration message %s has an English text', (key) => {
    expect({ key, qualified: QUALIFIED.test(key), text: isText(key) }).toEqual({ key, qualified: true, text: true });
  });

  it('names only existing texts in any key literal of the API source', () => {
    const sources = apiSources(join(__dirname, '..', '..'));
    const literals = new Set<string>();
    const unqualified: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/'((?:common|errors|validation):[\w.]+)'/g)) literals.add(match[1]);
      for (const match of text.matchAll(/'(errors?\.[A-Za-z]\w*)'/g)) unqualified.push(`${file}: ${match[1]}`);
    }
    // Guards the scan itself: it must see the keys the API is known to send.
    expect([...literals]).toEqual(expect.arrayContaining(['errors:error.otpBanned', 'errors:register.emailExists', 'validation:image.tooLarge']));
    expect({ missing: [...literals].filter((key) => !isText(key)), unqualified }).toEqual({ missing: [], unqualified: [] });
  });

  it('tells a missing key from an existing one', () => {
    expect(isText('errors:error.otpBanned')).toBe(true);
    expect(isText('errors:error.noSuchText')).toBe(false);
    expect(isText('errors:error')).toBe(false);
    expect(QUALIFIED.test('error.otpBanned')).toBe(false);
  });
});
