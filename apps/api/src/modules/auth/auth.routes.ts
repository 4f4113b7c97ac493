import { loginRequestSchema, otpStatusRequestSchema, otpSubmitSchema } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { authOf, clearSessionCookie, requestMeta, setSessionCookie } from '../../http/auth';
import type { RateLimiters } from '../../http/rate-limit';
import { route, type RouteContext, type RouteTable } from '../../http/route-table';
import { createAuthService } from './auth.service';

export const authRoutes = (deps: AppDeps, limits: RateLimiters): RouteTable => {
  const auth = createAuthService(deps);

  // The spec's client logs out with GET; POST is offered for everyone else. Cookie callers need the header
  // on both (`strict`), so a cross-site link cannot sign anyone out.
  const logout = async ({ req, res }: RouteContext<undefined, undefined>) => {
    await auth.logout(authOf(res).token);
    clearSessionCookie(req, res);
    return { success: true, message: 'Logged out' };
  };

  return [
    route({
      method: 'post',
      path: '/erpCheckOTPStatus',
      summary: 'Check the password and send (or keep) the 6-digit sign-in code',
      use: limits('otpResend'),
      body: otpStatusRequestSchema,
      handler: ({ input }) => auth.checkOtpStatus(input),
    }),
    route({
      method: 'post',
      path: '/erpSubmitOTP',
      summary: 'Submit the 6-digit sign-in code',
      use: limits('otpSubmit'),
      body: otpSubmitSchema,
      handler: ({ input }) => auth.submitOtp(input),
    }),
    route({
      method: 'post',
      path: '/login',
      summary: 'Start a session after a verified code (or for skip_otp users)',
      use: limits('login'),
      body: loginRequestSchema,
      handler: async ({ input, req, res }) => {
        const { body, token, expiresAt } = await auth.login(input, requestMeta(req));
        setSessionCookie(req, res, token, expiresAt);
        return body;
      },
    }),
    route({ method: 'get', path: '/logout', summary: 'Revoke the current session (also POST); cookie callers send X-Requested-With', auth: 'strict', handler: logout }),
    route({ method: 'post', path: '/logout', summary: 'Sign out (revokes the session); cookie callers send X-Requested-With', auth: 'strict', notAudited: 'Ends the caller’s own session', readOnlySafe: 'Ends the caller’s own session', handler: logout }),
    route({
      method: 'get',
      path: '/user',
      summary: 'The signed-in user',
      auth: 'user',
      handler: ({ res }) => auth.currentUser(authOf(res).userId),
    }),
  ];
};
