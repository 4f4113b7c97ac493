import {
  merchantWizardSchema,
  registrationSchema,
  trialEmailSchema,
  trialVerifyOtpSchema,
  trialVerifyRequestSchema,
} from '@merchant-hub/validation';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf, requestMeta, requireAuth, requireStaff, setSessionCookie } from '../../http/auth';
import type { RateLimiters } from '../../http/rate-limit';
import { checkImage, imageUpload, saveImage, uploadUrl } from '../../http/uploads';
import { listCountries, listCurrencies, listIndustries, listLanguages } from '../lists/lists.repository';
import { createSignupService } from './signup.service';

const tokenParams = z.object({ token: z.string().min(16).max(128) });
export const merchantInviteSchema = z.object({
  email: z.string().trim().email(),
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
});

type UploadedFiles = Record<string, Express.Multer.File[] | undefined>;

export const signupRouter = (deps: AppDeps, limits: RateLimiters): Router => {
  const router = Router();
  const signup = createSignupService(deps);

  router.get('/trial/getSettings', async (_req, res) => {
    const [languages, countries, industries, currencies] = await Promise.all([
      listLanguages(deps.db),
      listCountries(deps.db),
      listIndustries(deps.db),
      listCurrencies(deps.db),
    ]);
    res.json({
      data: {
        languages,
        countries: countries.map(({ id, name, dial_code, iso_code, currency_code }) => ({ id, name, dial_code, iso_code, currency_code })),
        industries,
        currencies,
      },
    });
  });

  router.post('/trial/verifyEmail', ...limits('signup'), async (req, res) => {
    await signup.verifyEmail(trialEmailSchema.parse(req.body).email);
    res.json({ valid: true, message: 'Email is available' });
  });

  router.post('/trial/verify', ...limits('signup'), async (req, res) => {
    res.json(await signup.verify(trialVerifyRequestSchema.parse(req.body)));
  });

  router.post('/trial/sendOTP', ...limits('otpResend'), async (req, res) => {
    res.json(await signup.sendOtp(trialEmailSchema.parse(req.body).email, false));
  });

  router.post('/trial/resendOTP', ...limits('otpResend'), async (req, res) => {
    res.json(await signup.sendOtp(trialEmailSchema.parse(req.body).email, true));
  });

  router.post('/trial/verifyOTP', ...limits('otpSubmit'), async (req, res) => {
    const input = trialVerifyOtpSchema.parse(req.body);
    res.json(await signup.verifyOtp(input.email, input.otp));
  });

  router.post('/trial/register', ...limits('signup'), async (req, res) => {
    const result = await signup.register(registrationSchema.parse(req.body), requestMeta(req));
    setSessionCookie(req, res, result.access_token, new Date(result.expires_at));
    res.status(201).json(result);
  });

  router.get('/create-merchant/:token', async (req, res) => {
    res.json({ data: await signup.describeWizardToken(tokenParams.parse(req.params).token) });
  });

  router.post(
    '/create-merchant',
    ...limits('signup'),
    imageUpload.fields([
      { name: 'storeImage', maxCount: 1 },
      { name: 'merchantImage', maxCount: 1 },
    ]),
    async (req: Request, res) => {
      const files = (req.files ?? {}) as UploadedFiles;
      const storeFile = files.storeImage?.[0];
      const merchantFile = files.merchantImage?.[0];
      const storeKind = storeFile ? checkImage(storeFile, 'storeImage') : undefined;
      const merchantKind = merchantFile ? checkImage(merchantFile, 'merchantImage') : undefined;
      const body = { ...(req.body as Record<string, unknown>) };
      const { token } = tokenParams.parse({ token: body.token });
      // The schema checks that a store image exists; an uploaded file stands in for the URL it will get.
      if (storeFile) body.storeImage = 'uploaded-file';
      if (merchantFile) body.merchantImage = 'uploaded-file';
      const input = merchantWizardSchema.parse(body);
      const result = await signup.createMerchant(
        token,
        input,
        async () => {
          const store = storeFile && storeKind ? uploadUrl(deps.config.publicUrl, await saveImage(deps.config.uploadDir, 'stores', storeFile, storeKind)) : input.storeImage;
          const merchant =
            merchantFile && merchantKind
              ? uploadUrl(deps.config.publicUrl, await saveImage(deps.config.uploadDir, 'merchants', merchantFile, merchantKind))
              : (input.merchantImage ?? null);
          return { storeImage: store, merchantImage: merchant };
        },
        requestMeta(req),
      );
      setSessionCookie(req, res, result.access_token, new Date(result.expires_at));
      res.status(201).json(result);
    },
  );

  router.post('/create-merchant/invite', requireAuth(deps), requireStaff, async (req, res) => {
    const input = merchantInviteSchema.parse(req.body);
    await signup.inviteMerchant(input, authOf(res).userId);
    res.status(201).json({ success: true, message: 'Verification link has been sent to your email' });
  });

  return router;
};

