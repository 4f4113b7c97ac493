import { STAFF_ROLES, staffRoleOf, type RoleName } from '@merchant-hub/domain';
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../app-deps';
import { createSessions } from '../modules/sessions';
import { AppError } from './errors';

export const SESSION_COOKIE = 'mh_session';
/** Browsers must send this on state-changing cookie-authenticated requests (a cross-site form cannot). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'merchant-hub';

export type AuthContext = {
  userId: number;
  sessionId: number;
  token: string;
  via: 'bearer' | 'cookie';
  roles: RoleName[];
  isStaff: boolean;
  /** The merchant this user owns, read with the session; null for staff and a store's members. */
  ownedMerchantId: number | null;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const bearerToken = (req: Request): string | undefined => {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

export const cookieToken = (req: Request): string | undefined => {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  const value = cookies?.[SESSION_COOKIE];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export const requestCarriesCsrfHeader = (req: Request): boolean => req.get(CSRF_HEADER)?.toLowerCase() === CSRF_HEADER_VALUE;

/**
 * Accepts `Authorization: Bearer` (scripts, the spec's client) or the HttpOnly cookie. Cookie requests that
 * change state need the custom header; `strictCsrf` extends that to a safe method (GET /logout).
 */
export const requireAuth = (deps: AppDeps, options: { strictCsrf?: boolean } = {}): RequestHandler => {
  const sessions = createSessions(deps);
  return async (req, res, next) => {
    const bearer = bearerToken(req);
    const cookie = bearer ? undefined : cookieToken(req);
    const token = bearer ?? cookie;
    if (!token) throw new AppError('unauthenticated');
    if (cookie && (options.strictCsrf || !SAFE_METHODS.has(req.method)) && !requestCarriesCsrfHeader(req)) {
      throw new AppError('csrf_header_missing');
    }
    // One statement: the session (revoked or expired ones refused), its user's roles and owned merchant.
    const session = await sessions.resolveWithRoles(token);
    const roles = session.roles as RoleName[];
    const auth: AuthContext = {
      userId: session.userId,
      sessionId: session.sessionId,
      token,
      via: bearer ? 'bearer' : 'cookie',
      roles,
      isStaff: roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role)),
      ownedMerchantId: session.ownedMerchantId,
    };
    res.locals.auth = auth;
    next();
  };
};

export const authOf = (res: Response): AuthContext => {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new AppError('unauthenticated');
  return auth;
};

/** A read-only staff session (issue 27 capability 4): every write it sends is refused by the dispatcher. */
export const isReadOnlyStaff = (auth: AuthContext): boolean => staffRoleOf(auth.roles) === 'readonly';

export const requireStaff: RequestHandler = (_req, res, next) => {
  if (!authOf(res).isStaff) throw new AppError('forbidden');
  next();
};

/** A merchant reaches only itself; staff reach anyone. */
export const assertSelfOrStaff = (res: Response, userId: number): void => {
  const auth = authOf(res);
  if (auth.userId !== userId && !auth.isStaff) throw new AppError('forbidden');
};

export const setSessionCookie = (req: Request, res: Response, token: string, expiresAt: Date): void => {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', expires: expiresAt });
};

export const clearSessionCookie = (req: Request, res: Response): void => {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
};

export const requestMeta = (req: Request): { ip: string | null; userAgent: string | null } => ({
  ip: req.ip ?? null,
  userAgent: req.get('user-agent') ?? null,
});
