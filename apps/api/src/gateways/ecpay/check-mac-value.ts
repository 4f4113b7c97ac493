import { createHash, timingSafeEqual } from 'node:crypto';

export type EcpayKeys = { hashKey: string; hashIv: string };

/**
 * ECPay hashes the string as .NET's HttpUtility.UrlEncode writes it: space is `+`, `~` and `'` are escaped,
 * hex digits are lower-case. encodeURIComponent differs from it only there, so those three are patched.
 */
export const ecpayUrlEncode = (text: string): string =>
  encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/~/g, '%7e')
    .replace(/'/g, '%27')
    .toLowerCase()
    // .NET leaves these unescaped; encodeURIComponent does too, but a value already holding the escapes
    // must read the same as ECPay's own reversal step (developers.ecpay.com.tw/?p=2902).
    .replace(/%2d/g, '-')
    .replace(/%5f/g, '_')
    .replace(/%2e/g, '.')
    .replace(/%21/g, '!')
    .replace(/%2a/g, '*')
    .replace(/%28/g, '(')
    .replace(/%29/g, ')');

/**
 * CheckMacValue (EncryptType 1): every parameter but CheckMacValue, empty values kept, keys sorted A→Z
 * ignoring case, joined `k=v` with `&`, wrapped in HashKey/HashIV, URL-encoded the .NET way, lower-cased,
 * SHA-256, upper-case hex. Values are hashed exactly as sent.
 */
export const checkMacValue = (params: Readonly<Record<string, string | number>>, keys: EcpayKeys): string => {
  const pairs = Object.keys(params)
    .filter((key) => key.toLowerCase() !== 'checkmacvalue')
    .sort((a, b) => {
      const left = a.toLowerCase();
      const right = b.toLowerCase();
      return left < right ? -1 : left > right ? 1 : 0;
    })
    .map((key) => `${key}=${String(params[key])}`);
  const raw = `HashKey=${keys.hashKey}&${pairs.join('&')}&HashIV=${keys.hashIv}`;
  return createHash('sha256').update(ecpayUrlEncode(raw)).digest('hex').toUpperCase();
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** False for text holding a lone UTF-16 surrogate: no ECPay form can carry one, and URL-encoding it throws. */
export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);

/** A notification is trusted only when its CheckMacValue matches, compared in constant time. */
export const hasValidCheckMacValue = (params: Readonly<Record<string, unknown>>, keys: EcpayKeys): boolean => {
  const given = params.CheckMacValue;
  if (typeof given !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(given)) return false;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string' && typeof value !== 'number') return false;
    if (typeof value === 'string' && !isWellFormedText(value)) return false;
    fields[key] = String(value);
  }
  const expected = Buffer.from(checkMacValue(fields, keys), 'utf8');
  return timingSafeEqual(expected, Buffer.from(given.toUpperCase(), 'utf8'));
};
