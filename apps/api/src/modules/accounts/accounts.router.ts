import { forgotPasswordSchema, positiveId, resetPasswordSchema, updateUserSchema } from '@merchant-hub/validation';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { assertSelfOrStaff, requireAuth } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RateLimiters } from '../../http/rate-limit';
import { checkImage, imageUpload, ownUploadUrl, saveImage, uploadUrl } from '../../http/uploads';
import { createAccountsService } from './accounts.service';

const userIdParams = z.object({ id: positiveId() });
const tokenParams = z.object({ token: z.string().min(16).max(128) });

export const accountsRouter = (deps: AppDeps, limits: RateLimiters): Router => {
  const router = Router();
  const accounts = createAccountsService(deps);
  const auth = requireAuth(deps);

  router.get('/users/:id', auth, async (req, res) => {
    const { id } = userIdParams.parse(req.params);
    assertSelfOrStaff(res, id);
    res.json({ data: await accounts.getUser(id) });
  });

  router.put('/users/:id', auth, async (req, res) => {
    const { id } = userIdParams.parse(req.params);
    assertSelfOrStaff(res, id);
    const parsed = updateUserSchema.parse(req.body);
    const input = { ...parsed, image_url: ownUploadUrl(deps.config.publicUrl, parsed.image_url, 'image_url') };
    res.json({ data: await accounts.updateProfile(id, input), message: 'Update Success' });
  });

  router.post('/users/:id/avatar', auth, imageUpload.single('image'), async (req, res) => {
    const { id } = userIdParams.parse(req.params);
    assertSelfOrStaff(res, id);
    if (!req.file) throw new AppError('validation_failed', { details: { fields: { image: 'validation:image.typeInvalid' } } });
    const kind = checkImage(req.file, 'image');
    const relative = await saveImage(deps.config.uploadDir, 'avatars', req.file, kind);
    res.status(201).json({ data: await accounts.setAvatar(id, relative, uploadUrl(deps.config.publicUrl, relative)), message: 'Update Success' });
  });

  router.post('/forgot-password', ...limits('passwordReset'), async (req, res) => {
    await accounts.requestPasswordReset(forgotPasswordSchema.parse(req.body));
    res.json({ success: true, message: 'If this e-mail has an account, a reset link has been sent to it' });
  });

  router.get('/forgot-password/token/:token', async (req, res) => {
    const { token } = tokenParams.parse(req.params);
    res.json({ data: await accounts.describeResetToken(token) });
  });

  router.post('/forgot-password/change', ...limits('passwordReset'), async (req, res) => {
    await accounts.resetPassword(resetPasswordSchema.parse(req.body));
    res.json({ success: true, message: 'Your password has been successfully reset.' });
  });

  router.patch('/signup/activate/:token', async (req, res) => {
    const { token } = tokenParams.parse(req.params);
    await accounts.activate(token);
    res.json({ success: true, message: 'Your account has been activated. You can login with registered email id' });
  });

  return router;
};
