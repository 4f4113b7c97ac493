import { z } from 'zod';
import { FPX_BANK_CODES } from './fpx-banks.js';

/**
 * The bank chosen on the page. Optional in the schema: the sandbox's bank page asks for nothing, while the
 * Stripe gateway cannot redirect without it, so the API requires it when PAYMENT_GATEWAY=stripe.
 */
export const fpxBankField = z.enum(FPX_BANK_CODES, { error: 'validation:fpx.bankRequired' });
