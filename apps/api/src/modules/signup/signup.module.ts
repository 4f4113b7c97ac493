import { merchantWizardSchema, registrationSchema, trialEmailSchema, trialVerifyOtpSchema, trialVerifyRequestSchema } from '@merchant-hub/validation';
import type { ApiModule } from '../registry';
import { merchantInviteSchema, signupRouter } from './signup.router';

export const signupModule: ApiModule = {
  name: 'signup',
  router: (deps, ctx) => signupRouter(deps, ctx.limits),
  docs: [
    { method: 'get', path: '/api/trial/getSettings', summary: 'Languages, countries, industries and currencies for the trial sign-up' },
    { method: 'post', path: '/api/trial/verifyEmail', summary: 'Is this e-mail still free?', body: trialEmailSchema },
    { method: 'post', path: '/api/trial/verify', summary: 'Check the first form server-side and text a code to the mobile number', body: trialVerifyRequestSchema },
    { method: 'post', path: '/api/trial/sendOTP', summary: 'Send the mobile code (keeps the current one during the cooldown)', body: trialEmailSchema },
    { method: 'post', path: '/api/trial/resendOTP', summary: 'Send a new mobile code (429 during the cooldown)', body: trialEmailSchema },
    { method: 'post', path: '/api/trial/verifyOTP', summary: 'Verify the mobile code', body: trialVerifyOtpSchema },
    { method: 'post', path: '/api/trial/register', summary: 'Create the account and store after a verified code; signs in', body: registrationSchema },
    { method: 'get', path: '/api/create-merchant/{token}', summary: 'E-mail and names behind a merchant-creation link' },
    { method: 'post', path: '/api/create-merchant', summary: 'Merchant wizard (multipart with storeImage, merchantImage and token); signs in', body: merchantWizardSchema, multipart: true },
    { method: 'post', path: '/api/create-merchant/invite', summary: 'Staff: e-mail a merchant-creation link', auth: true, body: merchantInviteSchema },
  ],
};
