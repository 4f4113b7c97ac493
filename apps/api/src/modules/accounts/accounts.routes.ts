import { forgotPasswordSchema, resetPasswordSchema, staffReasonField, tokenParamsSchema, updateUserSchema, userIdParamsSchema } from '@merchant-hub/validation';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { assertSelfOrStaff, authOf } from '../../http/auth';
import { AppError, validationError } from '../../http/errors';
import type { RateLimiters } from '../../http/rate-limit';
import { route, type RouteTable } from '../../http/route-table';
import { checkImage, imageUpload, ownUploadUrl, saveImage, uploadUrl } from '../../http/uploads';
import { createRefusalRecorder } from '../audit';
import { createAccountsService, type StaffProfileEdit } from './accounts.service';

/** PUT /users/{id}: the profile, and the reason a staff member must give to change a merchant's. */
const profileUpdateSchema = updateUserSchema.extend({
  reason: z.string().max(1000).optional().describe('Staff changing a merchant’s profile: why (required, 10–500 characters); ignored otherwise'),
});

export const accountsRoutes = (deps: AppDeps, limits: RateLimiters): RouteTable => {
  const accounts = createAccountsService(deps);
  const refusals = createRefusalRecorder(deps);
  const staffEdits = new WeakMap<Request, { action: string; targetId: number }>();
  const refusedActorOf = (req: Request, res: Response) => ({ ...authOf(res), ip: req.ip ?? null });

  /**
   * Who may change a user's profile or avatar, decided before the body is read: the user; staff for a
   * merchant's user (with a reason, audited); never a staff member for another staff account — those change
   * only through the superadmin team screens (issue 26). A refused staff attempt is recorded.
   */
  const profileWriter = (action: string): RequestHandler => async (req, res, next) => {
    const auth = authOf(res);
    const targetId = userIdParamsSchema.parse(req.params).id;
    if (auth.userId === targetId) return next();
    if (!auth.isStaff) throw new AppError('forbidden');
    if ((await accounts.accountKind(targetId)) === 'staff') {
      await refusals.record(refusedActorOf(req, res), { action, details: { user_id: targetId, target: 'staff_account' } });
      throw new AppError('forbidden');
    }
    staffEdits.set(req, { action, targetId });
    next();
  };

  /** The staff edit this request makes (with its reason), or undefined for the user's own change. */
  const staffEditOf = async (req: Request, res: Response, reasonGiven: unknown): Promise<StaffProfileEdit | undefined> => {
    const edit = staffEdits.get(req);
    if (!edit) return undefined;
    const auth = authOf(res);
    const actor = { userId: auth.userId, role: auth.roles.includes('superadmin') ? ('superadmin' as const) : ('support' as const), ip: req.ip ?? null };
    const missing = reasonGiven === undefined || reasonGiven === null || reasonGiven === '';
    const reason = missing ? null : staffReasonField.safeParse(reasonGiven);
    if (!reason || !reason.success) {
      const error = reason ? validationError({ reason: reason.error.issues[0]?.message ?? 'validation:staff.reasonRequired' }) : new AppError('reason_required');
      await refusals.record(refusedActorOf(req, res), { action: edit.action, errorCode: error.code, details: { user_id: edit.targetId } });
      throw error;
    }
    return { actor, reason: reason.data };
  };

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
      use: [profileWriter('merchant.profile_updated')],
      body: profileUpdateSchema,
      audit: 'merchant.profile_updated',
      handler: async ({ params, input, req, res }) => {
        const { reason, ...profile } = input;
        const staffEdit = await staffEditOf(req, res, reason);
        return {
          data: await accounts.updateProfile(params.id, { ...profile, image_url: ownUploadUrl(deps.config.publicUrl, profile.image_url, 'image_url') }, staffEdit),
          message: 'Update Success',
        };
      },
    }),
    route({
      method: 'post',
      path: '/users/:id/avatar',
      summary: 'Upload an avatar (multipart field "image", JPG/PNG under 2 MB)',
      auth: 'user',
      multipart: z.object({ image: z.string().describe('JPG or PNG under 2 MB'), reason: z.string().optional().describe('Staff changing a merchant’s avatar: why (required)') }),
      // Who may change it is decided before the upload is read.
      use: [profileWriter('merchant.avatar_updated'), imageUpload.single('image')],
      params: userIdParamsSchema,
      audit: 'merchant.avatar_updated',
      handler: async ({ params, req, res }) => {
        const staffEdit = await staffEditOf(req, res, (req.body as { reason?: unknown } | undefined)?.reason);
        if (!req.file) throw new AppError('validation_failed', { details: { fields: { image: 'validation:image.typeInvalid' } } });
        const kind = checkImage(req.file, 'image');
        const relative = await saveImage(deps.config.uploadDir, 'avatars', req.file, kind);
        res.status(201).json({ data: await accounts.setAvatar(params.id, relative, uploadUrl(deps.config.publicUrl, relative), staffEdit), message: 'Update Success' });
      },
    }),
    route({
      method: 'get',
      path: '/contact-change/:token',
      summary: 'What a "your e-mail or phone was changed" link reports (what changed, by whom, when); 404-like token_invalid / token_expired',
      params: tokenParamsSchema,
      handler: async ({ params }) => ({ data: await accounts.describeContactChange(params.token) }),
    }),
    route({
      method: 'post',
      path: '/contact-change/:token/report',
      summary: '"This was not me": restores the e-mail and phone the change replaced, signs out every session and cancels open reset links (single use)',
      use: limits('passwordReset'),
      params: tokenParamsSchema,
      handler: async ({ params, req }) => ({ data: await accounts.reportContactChange(params.token, req.ip ?? null) }),
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
