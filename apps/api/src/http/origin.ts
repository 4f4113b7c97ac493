import type { Request } from 'express';
import type { AppConfig } from '../config';

type OriginConfig = Pick<AppConfig, 'nodeEnv' | 'publicUrl' | 'allowedOrigins'>;

/** The origin the browser used for this request: `trust proxy` (TRUST_PROXY) decides whether X-Forwarded-* count. */
export const requestOrigin = (req: Request): string | null => {
  const host = req.host;
  if (!host) return null;
  return URL.parse(`${req.protocol}://${host}`)?.origin ?? null;
};

/** PUBLIC_URL's origin or one of ALLOWED_ORIGINS (apps/api/README.md, "Links and origins"). */
export const isProductOrigin = (config: OriginConfig, origin: string): boolean => origin === new URL(config.publicUrl).origin || config.allowedOrigins.includes(origin);

// Loopback and private-network hosts: a developer's own machine or LAN (never an address on the internet).
const LOCAL_HOST = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2}|\[::1\])$/;

/**
 * Where a gateway page may send the browser back to: a product origin, the origin that page itself is on, or —
 * outside production — a loopback or private-network host (the API made that address for a developer).
 */
export const mayReturnTo = (req: Request, config: OriginConfig, url: URL): boolean => {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (isProductOrigin(config, url.origin) || url.origin === linkBase(req, config)) return true;
  return config.nodeEnv !== 'production' && LOCAL_HOST.test(url.hostname);
};

/**
 * The base (no trailing slash) of a link this request's browser follows (a gateway's return address, the 3-D Secure return, a
 * result page): the origin it is on when that is one of the product's origins, else PUBLIC_URL. E-mailed
 * links and server-to-server callbacks never use this: they are always PUBLIC_URL.
 */
export const linkBase = (req: Request, config: OriginConfig): string => {
  const origin = requestOrigin(req);
  if (!origin || origin === new URL(config.publicUrl).origin) return config.publicUrl;
  // Outside production any host the browser used counts (a LAN address, 127.0.0.1 beside localhost).
  return isProductOrigin(config, origin) || config.nodeEnv !== 'production' ? origin : config.publicUrl;
};
