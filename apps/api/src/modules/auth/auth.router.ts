import { loginRequestSchema, otpStatusRequestSchema, otpSubmitSchema } from '@merchant-hub/validation';
import { Router } from 'express';
import type { AppDeps } from '../../app-deps';
import { authOf, clearSessionCookie, requestMeta, requireAuth, setSessionCookie } from '../../http/auth';
import type { RateLimiters } from '../../http/rate-limit';
import { findUserById, toUserDto } from '../accounts/accounts.repository';
import { AppError } from '../../http/errors';
import { createAuthService } from './auth.service';

export const authRouter = (deps: AppDeps, limits: RateLimiters): Router => {
  const router = Router();
  const auth = createAuthService(deps);

  router.post('/erpCheckOTPStatus', ...limits('otpResend'), async (req, res) => {
    res.json(await auth.checkOtpStatus(otpStatusRequestSchema.parse(req.body)));
  });

  router.post('/erpSubmitOTP', ...limits('otpSubmit'), async (req, res) => {
    res.json(await auth.submitOtp(otpSubmitSchema.parse(req.body)));
  });

  router.post('/login', ...limits('login'), async (req, res) => {
    const { body, token, expiresAt } = await auth.login(loginRequestSchema.parse(req.body), requestMeta(req));
    setSessionCookie(req, res, token, expiresAt);
    res.json(body);
  });

  // The spec's client logs out with GET; POST is offered for everyone else. Cookie callers need the header
  // on both, so a cross-site link cannot sign anyone out.
  const logout = [
    requireAuth(deps, { strictCsrf: true }),
    async (req: import('express').Request, res: import('express').Response) => {
      await auth.logout(authOf(res).token);
      clearSessionCookie(req, res);
      res.json({ success: true, message: 'Logged out' });
    },
  ];
  router.get('/logout', ...logout);
  router.post('/logout', ...logout);

  router.get('/user', requireAuth(deps), async (_req, res) => {
    const user = await findUserById(deps.db, authOf(res).userId);
    if (!user) throw new AppError('unauthenticated');
    res.json({ data: await toUserDto(deps.db, user) });
  });

  return router;
};
