import { regionNameTranslations } from '@merchant-hub/i18n';
import {
  merchantInviteSchema,
  merchantWizardSchema,
  registrationSchema,
  tokenParamsSchema,
  trialEmailSchema,
  trialVerifyOtpSchema,
  trialVerifyRequestSchema,
} from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { authOf, requestMeta, setSessionCookie } from '../../http/auth';
import type { RateLimiters } from '../../http/rate-limit';
import { route, type RouteTable } from '../../http/route-table';
import { checkImage, imageUpload, ownUploadUrl, saveImage, uploadUrl } from '../../http/uploads';
import { listCountries, listCurrencies, listIndustries, listLanguages } from '../lists';
import { createSignupService } from './signup.service';

type UploadedFiles = Record<string, Express.Multer.File[] | undefined>;

export const signupRoutes = (deps: AppDeps, limits: RateLimiters): RouteTable => {
  const signup = createSignupService(deps);
  return [
    route({
      method: 'get',
      path: '/trial/getSettings',
      summary: 'Languages, countries, industries and currencies for the trial sign-up',
      handler: async () => {
        const [languages, countries, industries, currencies] = await Promise.all([listLanguages(deps.db), listCountries(deps.db), listIndustries(deps.db), listCurrencies(deps.db)]);
        return { data: { languages, countries: countries.map(({ id, name, dial_code, iso_code, currency_code }) => ({ id, name, dial_code, iso_code, currency_code, translations: regionNameTranslations(iso_code, name) })), industries, currencies } };
      },
    }),
    route({
      method: 'post',
      path: '/trial/verifyEmail',
      summary: 'Is this e-mail still free?',
      use: limits('signup'),
      body: trialEmailSchema,
      handler: async ({ input }) => {
        await signup.verifyEmail(input.email);
        return { valid: true, message: 'Email is available' };
      },
    }),
    route({
      method: 'post',
      path: '/trial/verify',
      summary: 'Check the first form server-side and text a code to the mobile number',
      use: limits('signup'),
      body: trialVerifyRequestSchema,
      handler: ({ input }) => signup.verify(input),
    }),
    route({
      method: 'post',
      path: '/trial/sendOTP',
      summary: 'Send the mobile code (keeps the current one during the cooldown)',
      use: limits('otpResend'),
      body: trialEmailSchema,
      handler: ({ input }) => signup.sendOtp(input.email, false, input.locale),
    }),
    route({
      method: 'post',
      path: '/trial/resendOTP',
      summary: 'Send a new mobile code (429 during the cooldown)',
      use: limits('otpResend'),
      body: trialEmailSchema,
      handler: ({ input }) => signup.sendOtp(input.email, true, input.locale),
    }),
    route({
      method: 'post',
      path: '/trial/verifyOTP',
      summary: 'Verify the mobile code',
      use: limits('otpSubmit'),
      body: trialVerifyOtpSchema,
      handler: ({ input }) => signup.verifyOtp(input.email, input.otp),
    }),
    route({
      method: 'post',
      path: '/trial/register',
      summary: 'Create the account and store after a verified code; signs in',
      use: limits('signup'),
      body: registrationSchema,
      handler: async ({ input, req, res }) => {
        const result = await signup.register(input, requestMeta(req));
        setSessionCookie(req, res, result.access_token, new Date(result.expires_at));
        res.status(201).json(result);
      },
    }),
    route({
      method: 'get',
      path: '/create-merchant/:token',
      summary: 'E-mail and names behind a merchant-creation link',
      params: tokenParamsSchema,
      handler: async ({ params }) => ({ data: await signup.describeWizardToken(params.token) }),
    }),
    route({
      method: 'post',
      path: '/create-merchant',
      summary: 'Merchant wizard (multipart with storeImage, merchantImage and token); signs in',
      multipart: merchantWizardSchema,
      use: [
        ...limits('signup'),
        imageUpload.fields([
          { name: 'storeImage', maxCount: 1 },
          { name: 'merchantImage', maxCount: 1 },
        ]),
      ],
      // Parsed in the handler: the uploaded files stand in for the image fields first.
      handler: async ({ req, res }) => {
        const files = (req.files ?? {}) as UploadedFiles;
        const storeFile = files.storeImage?.[0];
        const merchantFile = files.merchantImage?.[0];
        const storeKind = storeFile ? checkImage(storeFile, 'storeImage') : undefined;
        const merchantKind = merchantFile ? checkImage(merchantFile, 'merchantImage') : undefined;
        const body = { ...(req.body as Record<string, unknown>) };
        const { token } = tokenParamsSchema.parse({ token: body.token });
        // The schema checks that a store image exists; an uploaded file stands in for the URL it will get.
        if (storeFile) body.storeImage = 'uploaded-file';
        if (merchantFile) body.merchantImage = 'uploaded-file';
        const input = merchantWizardSchema.parse(body);
        // Without a file, a named image must be one this product stored: never a foreign or javascript: URL.
        const namedStore = storeFile ? null : ownUploadUrl(deps.config.publicUrl, input.storeImage, 'storeImage');
        const namedMerchant = merchantFile ? null : (ownUploadUrl(deps.config.publicUrl, input.merchantImage, 'merchantImage') ?? null);
        const result = await signup.createMerchant(
          token,
          input,
          async () => {
            const store = storeFile && storeKind ? uploadUrl(deps.config.publicUrl, await saveImage(deps.config.uploadDir, 'stores', storeFile, storeKind)) : (namedStore as string);
            const merchant =
              merchantFile && merchantKind ? uploadUrl(deps.config.publicUrl, await saveImage(deps.config.uploadDir, 'merchants', merchantFile, merchantKind)) : namedMerchant;
            return { storeImage: store, merchantImage: merchant };
          },
          requestMeta(req),
        );
        setSessionCookie(req, res, result.access_token, new Date(result.expires_at));
        res.status(201).json(result);
      },
    }),
    route({
      method: 'post',
      path: '/create-merchant/invite',
      summary: 'Staff: e-mail a merchant-creation link',
      auth: 'staff',
      body: merchantInviteSchema,
      audit: 'merchant.invited',
      handler: async ({ input, req, res }) => {
        const auth = authOf(res);
        await signup.inviteMerchant(input, { userId: auth.userId, role: auth.roles.includes('superadmin') ? 'superadmin' : 'support', ip: req.ip ?? null });
        res.status(201).json({ success: true, message: 'Verification link has been sent to your email' });
      },
    }),
  ];
};
