import { z } from 'zod';
import { addOnPackageQuerySchema } from './billing.schema.js';
import { cardCheckoutRequestSchema } from './checkout.schema.js';
import { optionalPositiveId, personName, positiveId, wholeNumber } from './fields.js';

// Request schemas of API calls that have no form of their own (queries, path parameters, redirects). They
// live here, beside the form schemas, so the API parses and the API client sends one shape.

// ---------------------------------------------------------------------------------------------------------
// Billing

/** `user_id`: staff name the merchant they act for; a merchant may omit it or name itself. */
export const userIdQuerySchema = z.object({ user_id: optionalPositiveId() });

/** GET users/billing/plan-change-preview. */
export const planChangePreviewQuerySchema = z.object({ package_id: positiveId(), user_id: optionalPositiveId() });
export type PlanChangePreviewQueryOutput = z.output<typeof planChangePreviewQuerySchema>;

/** Where the 3-D Secure or bank page returns to: a path or an address of this product (the API checks which). */
export const returnUrlSchema = z.object({ return_url: z.string().max(500).optional() });

/** GET users/usage-addon/get-add-on-package (staff add `user_id`). */
export const addOnPackageRequestSchema = addOnPackageQuerySchema.extend({ user_id: optionalPositiveId() });

// ---------------------------------------------------------------------------------------------------------
// Accounts and sign-up

/** `/users/:id`. */
export const userIdParamsSchema = z.object({ id: positiveId() });

/** A single-use link's token (password reset, activation, merchant wizard). */
export const tokenParamsSchema = z.object({ token: z.string().min(16).max(128) });

/** POST create-merchant/invite (staff): who receives the merchant-creation link. */
export const merchantInviteSchema = z.object({
  email: z.string().trim().email(),
  // The names the merchant wizard opens with: they must pass the wizard's own name rule.
  firstname: personName('validation:wizard.firstNameRequired', 'validation:registration.firstNameInvalid'),
  lastname: personName('validation:wizard.lastNameRequired', 'validation:registration.lastNameInvalid'),
  /** The language the invitation is written in (the staff member chooses it for the invitee); English when absent. */
  locale: z.string().trim().max(10).optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Reference lists

/** GET login-banner / signup-banner; `markets` are the country codes the product sells in (the domain's). */
export const makeBannerQuerySchema = (markets: readonly string[]) =>
  z.object({
    locale: z.string().trim().max(10).optional(),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => markets.includes(value), { error: 'validation:common.invalidInput' })
      .optional(),
  });
/** GET countries/:id/states. */
export const countryIdParamsSchema = z.object({ id: positiveId() });
/** GET check-email/:email. */
export const emailParamsSchema = z.object({ email: z.string().trim().toLowerCase().email().max(255) });
/** GET banner-art/:name: the seeded banners' art only. */
export const artParamsSchema = z.object({ name: z.string().regex(/^(login|signup)-[a-z]{2,3}-\d(-bg)?\.svg$/) });
/** GET banner-art/:name?locale=: the language the headline is drawn in. */
export const artQuerySchema = z.object({ locale: z.string().trim().max(10).optional() });

// ---------------------------------------------------------------------------------------------------------
// Development mailbox

/** GET dev/mailbox?to=<e-mail or phone>. */
export const mailboxQuerySchema = z.object({ to: z.string().trim().min(3).max(255) });

// ---------------------------------------------------------------------------------------------------------
// Sandbox gateway (PAYMENT_GATEWAY=sandbox)

const INT_KEY = 'validation:common.invalidInput';

/** POST sandbox/payment-methods: the stand-in for Stripe.js creating a payment method. */
export const sandboxPaymentMethodSchema = z.object({
  number: z.string({ error: 'validation:billing.paymentMethodRequired' }).trim().regex(/^[\d\s-]{12,23}$/, { error: 'validation:billing.paymentMethodRequired' }),
  exp_month: wholeNumber(INT_KEY).pipe(z.number().min(1, { error: INT_KEY }).max(12, { error: INT_KEY })),
  exp_year: wholeNumber(INT_KEY).pipe(z.number().min(2000, { error: INT_KEY }).max(2100, { error: INT_KEY })),
  cvc: z.string({ error: INT_KEY }).trim().regex(/^\d{3,4}$/, { error: INT_KEY }),
});

/** POST sandbox/clock/advance (staff). */
export const sandboxClockAdvanceSchema = z.object({
  user_id: positiveId(),
  // Up to ten years at a time: enough to walk any yearly plan through renewals.
  seconds: wholeNumber(INT_KEY).pipe(z.number().positive({ error: INT_KEY }).max(10 * 366 * 86_400, { error: INT_KEY })),
});

/** The sandbox bank's and issuer's pages: which outcome the tester chose. */
export const sandboxOutcomeSchema = z.object({ outcome: z.enum(['succeeded', 'failed']) });
/** `/sandbox/fpx/:id`, `/sandbox/3ds/:id`. */
export const sandboxPaymentParamsSchema = z.object({ id: z.string() });

// ---------------------------------------------------------------------------------------------------------
// Public checkout (ECPay, card, FPX)

/** An opaque provider reference (payment method, intent, ticket): trimmed and not blank. */
const providerReference = (key: string) => z.string({ error: key }).trim().min(1, { error: key }).max(255, { error: key });

export const paymentStatusQuerySchema = z.object({ token: z.string().trim().max(200).optional() });
export const ticketSignInSchema = z.object({ ticket: providerReference('validation:common.referenceRequired') });
export const validateCouponSchema = z.object({
  coupon: z.string({ error: 'validation:coupon.required' }).trim().min(1, { error: 'validation:coupon.required' }).max(64, { error: 'validation:coupon.required' }),
  package_id: positiveId('validation:gateway.packageRequired'),
});
export const cardSetupSchema = z.object({
  email: z.string({ error: 'validation:cardCheckout.emailRequired' }).trim().email({ error: 'validation:cardCheckout.emailInvalid' }).max(255),
  name: z.string().trim().max(255).nullish(),
});
export const setPaymentMethodSchema = cardCheckoutRequestSchema.extend({
  paymentMethod: providerReference('validation:billing.paymentMethodRequired'),
  stripe_id: providerReference('validation:billing.paymentMethodRequired'),
});
export const retrySchema = z.object({ paymentMethod: providerReference('validation:billing.paymentMethodRequired') });
export const fpxCheckSchema = z.object({ payment_intent_id: providerReference('validation:billing.paymentMethodRequired') });
export const resultTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

// ---------------------------------------------------------------------------------------------------------
// Catalog

/** `/packages/:id`. */
export const packageParamsSchema = z.object({ id: positiveId() });
/** GET packages/:id?group=<market>: the same tier and period in that market. */
export const packageQuerySchema = z.object({ group: z.string().trim().min(1).max(40).optional() });
/** GET active-packages?country=<market>. */
export const activePackagesQuerySchema = z.object({ country: z.string().trim().min(2).max(40).optional() });
