import { forgotPasswordSchema, resetPasswordSchema, tokenParamsSchema, updateUserSchema, userIdParamsSchema } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { assertSelfOrStaff } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RateLimiters } from '../../http/rate-limit';
import { route, type RouteTable } from '../../http/route-table';
import { checkImage, imageUpload, ownUploadUrl, saveImage, uploadUrl } from '../../http/uploads';
import { createAccountsService } from './accounts.service';

export const accountsRoutes = (deps: AppDeps, limits: RateLimiters): RouteTable => {
  const accounts = createAccountsService(deps);
  return [
    route({
      method: 'get',
      path: '/users/:id',
      summary: 'A user (self, or anyone for staff)',
      auth: 'user',
      params: userIdParamsSchema,
      handler: async ({ params, res }) => {
        assertSelfOrStaff(res, params.id);
        return { data: await accounts.getUser(params.id) };
      },
    }),
    route({
      method: 'put',
      path: '/users/:id',
      summary: 'Update name, e-mail, phone, image',
      auth: 'user',
      params: userIdParamsSchema,
      // The caller is checked before the body is read: someone else's profile answers 403, not 400.
      use: [
        (req, res, next) => {
          assertSelfOrStaff(res, userIdParamsSchema.parse(req.params).id);
          next();
        },
      ],
      body: updateUserSchema,
      handler: async ({ params, input }) => ({
        data: await accounts.updateProfile(params.id, { ...input, image_url: ownUploadUrl(deps.config.publicUrl, input.image_url, 'image_url') }),
        message: 'Update Success',
      }),
    }),
    route({
      method: 'post',
      path: '/users/:id/avatar',
      summary: 'Upload an avatar (multipart field "image", JPG/PNG under 2 MB)',
      auth: 'user',
      multipart: true,
      use: [imageUpload.single('image')],
      params: userIdParamsSchema,
      handler: async ({ params, req, res }) => {
        assertSelfOrStaff(res, params.id);
        if (!req.file) throw new AppError('validation_failed', { details: { fields: { image: 'validation:image.typeInvalid' } } });
        const kind = checkImage(req.file, 'image');
        const relative = await saveImage(deps.config.uploadDir, 'avatars', req.file, kind);
        res.status(201).json({ data: await accounts.setAvatar(params.id, relative, uploadUrl(deps.config.publicUrl, relative)), message: 'Update Success' });
      },
    }),
    route({
      method: 'post',
      path: '/forgot-password',
      summary: 'E-mail a password reset link',
      use: limits('passwordReset'),
      body: forgotPasswordSchema,
      handler: async ({ input }) => {
        await accounts.requestPasswordReset(input);
        return { success: true, message: 'If this e-mail has an account, a reset link has been sent to it' };
      },
    }),
    route({
      method: 'get',
      path: '/forgot-password/token/:token',
      summary: 'E-mail behind a reset link',
      params: tokenParamsSchema,
      handler: async ({ params }) => ({ data: await accounts.describeResetToken(params.token) }),
    }),
    route({
      method: 'post',
      path: '/forgot-password/change',
      summary: 'Set a new password with a reset link (single use)',
      use: limits('passwordReset'),
      body: resetPasswordSchema,
      handler: async ({ input }) => {
        await accounts.resetPassword(input);
        return { success: true, message: 'Your password has been successfully reset.' };
      },
    }),
    route({
      method: 'patch',
      path: '/signup/activate/:token',
      summary: 'Activate an account / verify its e-mail (single use)',
      params: tokenParamsSchema,
      handler: async ({ params }) => {
        await accounts.activate(params.token);
        return { success: true, message: 'Your account has been activated. You can login with registered email id' };
      },
    }),
  ];
};
