import { forgotPasswordSchema, resetPasswordSchema, updateUserSchema } from '@merchant-hub/validation';
import type { ApiModule } from '../registry';
import { accountsRouter } from './accounts.router';

export const accountsModule: ApiModule = {
  name: 'accounts',
  router: (deps, ctx) => accountsRouter(deps, ctx.limits),
  docs: [
    { method: 'get', path: '/api/users/{id}', summary: 'A user (self, or anyone for staff)', auth: true },
    { method: 'put', path: '/api/users/{id}', summary: 'Update name, e-mail, phone, image', auth: true, body: updateUserSchema },
    { method: 'post', path: '/api/users/{id}/avatar', summary: 'Upload an avatar (multipart field "image", JPG/PNG under 2 MB)', auth: true, multipart: true },
    { method: 'post', path: '/api/forgot-password', summary: 'E-mail a password reset link', body: forgotPasswordSchema },
    { method: 'get', path: '/api/forgot-password/token/{token}', summary: 'E-mail behind a reset link' },
    { method: 'post', path: '/api/forgot-password/change', summary: 'Set a new password with a reset link (single use)', body: resetPasswordSchema },
    { method: 'patch', path: '/api/signup/activate/{token}', summary: 'Activate an account / verify its e-mail (single use)' },
  ],
};
