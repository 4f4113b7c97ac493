import { loginRequestSchema, otpStatusRequestSchema, otpSubmitSchema } from '@merchant-hub/validation';
import type { ApiModule } from '../registry';
import { authRouter } from './auth.router';

export const authModule: ApiModule = {
  name: 'auth',
  router: (deps, ctx) => authRouter(deps, ctx.limits),
  docs: [
    { method: 'post', path: '/api/erpCheckOTPStatus', summary: 'Check the password and send (or keep) the 6-digit sign-in code', body: otpStatusRequestSchema },
    { method: 'post', path: '/api/erpSubmitOTP', summary: 'Submit the 6-digit sign-in code', body: otpSubmitSchema },
    { method: 'post', path: '/api/login', summary: 'Start a session after a verified code (or for skip_otp users)', body: loginRequestSchema },
    { method: 'get', path: '/api/logout', summary: 'Revoke the current session (also POST)', auth: true },
    { method: 'get', path: '/api/user', summary: 'The signed-in user', auth: true },
    { method: 'post', path: '/api/logout', summary: 'Sign out (revokes the session); cookie callers send X-Requested-With', auth: true },
  ],
};
