import { z } from 'zod';
import { optionalCoupon } from './billing.schema.js';
import { emailField, nameText, optionalNameText, optionalText, personName, positiveId, reference, requiredChoice, requiredText } from './fields.js';
import { fpxBankField } from './fpx-bank.schema.js';
import { whenFieldsValid } from './refinements.js';

const INPUT_KEY = 'validation:common.invalidInput';

// ---------------------------------------------------------------------------------------------------------
// Gateway checkout (Taiwan, TWD; spec §5 Gateway checkout)

/** Taiwan postal codes: the 3-digit district code; spaces, dashes and other non-digits are dropped first. */
const gatewayPostalCode = z
  .string({ error: 'validation:gateway.postalCodeInvalid' })
  .overwrite((value) => value.replace(/\D/g, ''))
  .regex(/^\d{3}$/, { error: 'validation:gateway.postalCodeInvalid' });

/** A state the country does not have: absent, null or blank, all read as "none". */
const noState = z
  .union([z.string(), z.number()], { error: 'validation:gateway.stateRequired' })
  .nullish()
  .transform((value) => (value === undefined || value === null || String(value).trim() === '' ? undefined : String(value).trim()));

const gatewayFields = {
  company_name: nameText('validation:gateway.companyNameRequired'),
  company_reg_no: requiredText('validation:gateway.companyRegNoRequired'),
  first_name: personName('validation:gateway.firstNameRequired', 'validation:registration.firstNameInvalid'),
  last_name: personName('validation:gateway.lastNameRequired', 'validation:registration.lastNameInvalid'),
  email: emailField('validation:register.error.email'),
  // The phone arrives with its dial code (886 by default); its digits are the API's to check further.
  phone: requiredText('validation:gateway.phoneRequired').regex(/^\+?[\d\s()-]{6,20}$/, {
    error: 'validation:gateway.phoneRequired',
  }),
  address1: requiredText('validation:gateway.addressRequired'),
  address2: optionalText(),
  postal_code: gatewayPostalCode,
  country: requiredChoice('validation:gateway.countryRequired'),
  line_id: requiredText('validation:gateway.lineIdRequired'),
  ref_code: optionalText(),
};

export type GatewayCheckoutOptions = {
  /** Whether the chosen country has a state list (from GET countries/{id}/states); then a state is required. */
  countryHasStates: boolean;
};

/**
 * The gateway checkout form for a country whose state list is known. The API uses this with the flag it
 * looks up itself; `state_or_region` is required only when `countryHasStates` is true.
 */
export function makeGatewayCheckoutSchema({ countryHasStates }: GatewayCheckoutOptions) {
  return z.object(
    {
      ...gatewayFields,
      state_or_region: countryHasStates ? requiredChoice('validation:gateway.stateRequired') : noState,
    },
    { error: INPUT_KEY },
  );
}

/**
 * The gateway checkout form with the flag carried in the values: `countryHasStates` (default false) is set by
 * the form when it loads the chosen country's states. The flag is the client's; the API must not trust it
 * and uses `makeGatewayCheckoutSchema` / `makeEcpayCreateOrderSchema` instead.
 */
export const gatewayCheckoutSchema = z
  .object(
    {
      ...gatewayFields,
      state_or_region: noState,
      countryHasStates: z.boolean({ error: INPUT_KEY }).default(false),
    },
    { error: INPUT_KEY },
  )
  .refine((value) => !value.countryHasStates || value.state_or_region !== undefined, {
    error: 'validation:gateway.stateRequired',
    path: ['state_or_region'],
    when: whenFieldsValid('state_or_region', 'countryHasStates'),
  });
export type GatewayCheckoutInput = z.input<typeof gatewayCheckoutSchema>;
export type GatewayCheckoutOutput = z.output<typeof gatewayCheckoutSchema>;

/** The checkout page's language, carried on the gateway's return address so the result page speaks it. */
const returnLocale = z
  .string({ error: INPUT_KEY })
  .regex(/^[A-Za-z]{2,4}(?:[-_][A-Za-z0-9]{2,8})?$/, { error: INPUT_KEY })
  .optional();

const orderFields = {
  package_id: positiveId('validation:gateway.packageRequired'),
  coupon: optionalCoupon,
  locale: returnLocale,
};

/**
 * POST /ecpay/create-order: the package plus the whole gateway form. Displayed prices (package_price,
 * total_price...) are dropped: the API prices the order itself.
 */
export function makeEcpayCreateOrderSchema(options: GatewayCheckoutOptions) {
  return makeGatewayCheckoutSchema(options).extend(orderFields);
}

/** Client-side shape of the create-order body, with the form's own `countryHasStates` flag. */
export const ecpayCreateOrderSchema = z
  .object(
    {
      ...gatewayFields,
      ...orderFields,
      state_or_region: noState,
      countryHasStates: z.boolean({ error: INPUT_KEY }).default(false),
    },
    { error: INPUT_KEY },
  )
  .refine((value) => !value.countryHasStates || value.state_or_region !== undefined, {
    error: 'validation:gateway.stateRequired',
    path: ['state_or_region'],
    when: whenFieldsValid('state_or_region', 'countryHasStates'),
  });
export type EcpayCreateOrderInput = z.input<typeof ecpayCreateOrderSchema>;
export type EcpayCreateOrderOutput = z.output<typeof ecpayCreateOrderSchema>;

// ---------------------------------------------------------------------------------------------------------
// Card checkout (spec §5 Card checkout); address, city, postal code, country and state read as the billing form.

const cardCheckoutFields = {
  email: emailField('validation:cardCheckout.emailRequired', 'validation:cardCheckout.emailInvalid'),
  phone: requiredText('validation:cardCheckout.phoneRequired'),
  company_name: optionalNameText(190, 'validation:cardCheckout.companyNameTooLong'),
  address1: requiredText('validation:billing.addressRequired'),
  address2: optionalText(),
  city: requiredText('validation:billing.cityRequired'),
  postal_code: z
    .string({ error: 'validation:billing.postalCodeInvalid' })
    .trim()
    .min(5, { error: 'validation:billing.postalCodeInvalid' })
    .max(6, { error: 'validation:billing.postalCodeInvalid' }),
  country: requiredChoice('validation:billing.countryRequired'),
  state_or_region: requiredChoice('validation:billing.stateRequired'),
  // The cardholder becomes the account's first and last name: the same name rule as every sign-up.
  name: personName('validation:cardCheckout.nameRequired', 'validation:cardCheckout.nameInvalid'),
  coupon_code: optionalCoupon,
};

/** The card checkout form (the card itself is the payment provider's field and is checked there). */
export const cardCheckoutSchema = z.object(cardCheckoutFields, { error: INPUT_KEY });
export type CardCheckoutInput = z.input<typeof cardCheckoutSchema>;
export type CardCheckoutOutput = z.output<typeof cardCheckoutSchema>;

/**
 * What the card checkout posts (create-merchant/stripe/set-payment-method and the FPX variant): the form plus
 * the package, and the payment method once the card is confirmed (absent for FPX, which pays by redirect).
 */
export const cardCheckoutRequestSchema = z.object(
  {
    ...cardCheckoutFields,
    package_id: positiveId('validation:gateway.packageRequired'),
    paymentMethod: reference('validation:billing.paymentMethodRequired').optional(),
  },
  { error: INPUT_KEY },
);
export type CardCheckoutRequestInput = z.input<typeof cardCheckoutRequestSchema>;
export type CardCheckoutRequestOutput = z.output<typeof cardCheckoutRequestSchema>;

/** What the FPX variant of the card checkout posts (create-merchant/fpx): the same form plus the chosen bank. */
export const fpxCheckoutRequestSchema = cardCheckoutRequestSchema.extend({ bank: fpxBankField.optional(), locale: returnLocale });
export type FpxCheckoutRequestInput = z.input<typeof fpxCheckoutRequestSchema>;
export type FpxCheckoutRequestOutput = z.output<typeof fpxCheckoutRequestSchema>;
