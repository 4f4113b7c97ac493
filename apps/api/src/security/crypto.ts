import { createCipheriv, createDecipheriv, createHash, createHmac, hash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 32;

const scryptAsync = (password: string, salt: Buffer, n: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // maxmem must cover 128 * N * r bytes, plus headroom.
    scrypt(password, salt, KEY_LENGTH, { N: n, r: SCRYPT_R, p: SCRYPT_P, maxmem: 256 * n * SCRYPT_R }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

/** `scrypt$N$r$p$salt$hash` (base64url): the cost travels with the hash, so it can be raised later. */
export const hashPassword = async (password: string, cost: number): Promise<string> => {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return ['scrypt', cost, SCRYPT_R, SCRYPT_P, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || Number(r) !== SCRYPT_R || Number(p) !== SCRYPT_P || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), Number(n));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

/** 256 bits of randomness, URL-safe: session tokens, reset/activation/wizard links. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** One call, no Hash object: every signed-in request hashes its session token (issue 12). */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');

/** Six digits, uniformly drawn (randomInt avoids modulo bias). */
export const newSixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A 6-digit code has only 10^6 values, so a plain hash could be reversed offline; key it with the secret. */
export const hmacCode = (secret: string, purpose: string, subject: string, code: string): string =>
  createHmac('sha256', secret).update(`${purpose}:${subject}:${code}`).digest('hex');

export const safeEqualHex = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
};

const encryptionKey = (secret: string): Buffer => createHash('sha256').update(`outbox-encryption:${secret}`).digest();

/** AES-256-GCM, `iv.tag.ciphertext` base64url. */
export const encryptText = (secret: string, plain: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
};

export const decryptText = (secret: string, sealed: string): string => {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
};
