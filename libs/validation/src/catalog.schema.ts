import { z } from 'zod';
import { nameText, positiveId } from './fields.js';
import { reasonSchema, staffReasonField } from './staff.schema.js';

/*
 * The staff console's catalog contract (issue 11): plans and add-on packages per market, and promotion codes.
 * The API parses every request with these schemas and the console's forms validate with the same ones.
 */

export const CATALOG_MARKETS = ['MY', 'SG', 'PH', 'TH', 'TW'] as const;
export const CATALOG_PERIODS = ['monthly', 'yearly'] as const;
export const CATALOG_USAGE_ITEMS = ['order', 'item', 'channel', 'staff', 'warehouse', 'competitor_products'] as const;
export type CatalogMarket = (typeof CATALOG_MARKETS)[number];
export type CatalogPeriod = (typeof CATALOG_PERIODS)[number];
export type CatalogUsageItem = (typeof CATALOG_USAGE_ITEMS)[number];

/** The highest price or amount off a form accepts, in minor units (10 million in the currency's units). */
export const CATALOG_AMOUNT_MAX_MINOR = 1_000_000_000;
/** What the yearly plans' cards claim (spec §9: 'Save 20%'). */
export const YEARLY_SAVING_CLAIM_PERCENT = 20;
export const CATALOG_LIST_MAX = 20;
export const PROMOTION_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** Minor units in one Taiwan dollar. TWD is charged in whole dollars (ECPay takes integers, pages show none). */
const TWD_DOLLAR_MINOR = 100;
const isWholeTwd = (amountMinor: number): boolean => amountMinor % TWD_DOLLAR_MINOR === 0;

/**
 * The field error a plan's price gets in its market beyond the price field's own checks: a TW price must be
 * whole dollars (a multiple of 100 minor units), or its discounts and totals could not be charged as shown.
 * `planCreateSchema` checks it; the API checks it on an edit or preview against the plan's stored market.
 */
export const catalogPriceError = (market: CatalogMarket, priceMinor: number): 'validation:catalog.priceWholeDollars' | null =>
  market === 'TW' && !isWholeTwd(priceMinor) ? 'validation:catalog.priceWholeDollars' : null;

const market = z.enum(CATALOG_MARKETS, { error: 'validation:staff.marketInvalid' });
const period = z.enum(CATALOG_PERIODS, { error: 'validation:staff.periodInvalid' });

const amountMinor = z
  .number({ error: 'validation:catalog.priceInvalid' })
  .int({ error: 'validation:catalog.priceInvalid' })
  .min(0, { error: 'validation:catalog.priceInvalid' })
  .max(CATALOG_AMOUNT_MAX_MINOR, { error: 'validation:catalog.priceTooLarge' });

const percent = (key: 'validation:catalog.taxInvalid' | 'validation:catalog.discountInvalid') =>
  z.number({ error: key }).min(0, { error: key }).max(100, { error: key }).refine((value) => Math.round(value * 100) === value * 100, { error: key });

/** A usage limit: a whole number, or '*' for unlimited. */
export const usageLimitField = z.union([z.literal('*'), z.number().int().min(0).max(1_000_000_000)], { error: 'validation:catalog.limitInvalid' });

/** The languages a plan's texts are translated into in the staff catalog, besides English (the lists themselves). */
export const DESCRIPTION_LANGUAGES = ['ms', 'zh', 'zhtw', 'th'] as const;
export type DescriptionLanguage = (typeof DESCRIPTION_LANGUAGES)[number];

const descriptionList = z
  .array(z.string({ error: 'validation:catalog.lineInvalid' }).trim().min(1, { error: 'validation:catalog.lineInvalid' }).max(120, { error: 'validation:catalog.lineTooLong' }), {
    error: 'validation:catalog.lineInvalid',
  })
  .max(CATALOG_LIST_MAX, { error: 'validation:catalog.listTooLong' });

/** An image: a path on this site or an https address (no script or data URLs). */
const imageField = z
  .string({ error: 'validation:catalog.imageInvalid' })
  .trim()
  .max(255, { error: 'validation:catalog.imageInvalid' })
  .regex(/^(?:\/[A-Za-z0-9._~\-/]+|https:\/\/[^\s"'<>]+)$/, { error: 'validation:catalog.imageInvalid' })
  .nullable();

const planFields = {
  name: nameText('validation:catalog.nameRequired', 100),
  price: amountMinor,
  discount: percent('validation:catalog.discountInvalid'),
  tax: percent('validation:catalog.taxInvalid'),
  tax_label: nameText('validation:catalog.taxLabelRequired', 60),
  image: imageField,
  sort_order: z.number({ error: 'validation:catalog.sortInvalid' }).int({ error: 'validation:catalog.sortInvalid' }).min(0, { error: 'validation:catalog.sortInvalid' }).max(1000, { error: 'validation:catalog.sortInvalid' }),
  hide: z.boolean({ error: 'validation:common.invalidInput' }),
  /** Call for Quote: sold by sales on request, so price 0 and no report list (what the plan card reads). */
  call_for_quote: z.boolean({ error: 'validation:common.invalidInput' }),
  limits: z.object(Object.fromEntries(CATALOG_USAGE_ITEMS.map((item) => [item, usageLimitField])) as Record<CatalogUsageItem, typeof usageLimitField>),
  descriptions: z.object({
    basic: descriptionList,
    features: descriptionList,
    report: descriptionList,
    /** The same lists in other languages (issue 31 #5); an empty list shows the English one. */
    translations: z
      .strictObject(Object.fromEntries(DESCRIPTION_LANGUAGES.map((language) => [language, z.object({ basic: descriptionList, features: descriptionList, report: descriptionList }).optional()])) as Record<DescriptionLanguage, z.ZodOptional<z.ZodObject<{ basic: typeof descriptionList; features: typeof descriptionList; report: typeof descriptionList }>>>, {
        error: 'validation:common.invalidInput',
      })
      .optional(),
  }),
};

const quoteRule = <T extends { call_for_quote: boolean; price: number; descriptions: { report: string[] } }>(plan: T, ctx: z.RefinementCtx) => {
  // A plan that is not Call for Quote also needs a report list; the API checks that (add-ons have none).
  if (!plan.call_for_quote) return;
  if (plan.price !== 0) ctx.addIssue({ code: 'custom', path: ['price'], message: 'validation:catalog.quotePriceZero' });
  if (plan.descriptions.report.length > 0) ctx.addIssue({ code: 'custom', path: ['descriptions', 'report'], message: 'validation:catalog.quoteNoReport' });
};

/** POST /api/staff/catalog/plans/:id — every editable field of a plan or of the market's add-on package. */
export const planEditSchema = z.object(planFields).superRefine(quoteRule);
export type PlanEditInput = z.input<typeof planEditSchema>;
export type PlanEditOutput = z.output<typeof planEditSchema>;

/** POST /api/staff/catalog/plans — a new plan tier in one market and period. */
export const planCreateSchema = z
  .object({
    ...planFields,
    market,
    billing_period: period,
    group_key: z.string({ error: 'validation:catalog.groupKeyInvalid' }).trim().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, { error: 'validation:catalog.groupKeyInvalid' }),
  })
  .superRefine(quoteRule)
  .superRefine((plan, ctx) => {
    const error = catalogPriceError(plan.market, plan.price);
    if (error) ctx.addIssue({ code: 'custom', path: ['price'], message: error });
  });
export type PlanCreateInput = z.input<typeof planCreateSchema>;

/** POST /api/staff/catalog/plans/:id/hide */
export const planHideSchema = z.object({ hide: z.boolean({ error: 'validation:common.invalidInput' }), reason: staffReasonField });
export type PlanHideInput = z.input<typeof planHideSchema>;

/** POST /api/staff/catalog/reorder — the plans of one market and period, first to last. */
export const planReorderSchema = z.object({
  market,
  billing_period: period,
  ids: z
    .array(positiveId(), { error: 'validation:catalog.orderInvalid' })
    .min(1, { error: 'validation:catalog.orderInvalid' })
    .max(50, { error: 'validation:catalog.orderInvalid' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation:catalog.orderInvalid' }),
  reason: staffReasonField,
});
export type PlanReorderInput = z.input<typeof planReorderSchema>;

/** POST /api/staff/catalog/plans/:id/preview — what saving this price would do, before it is saved. */
export const planPreviewSchema = z.object({ price: amountMinor, discount: percent('validation:catalog.discountInvalid') });
export type PlanPreviewInput = z.input<typeof planPreviewSchema>;

export const catalogQuerySchema = z.object({ market });
export type CatalogQueryInput = z.input<typeof catalogQuerySchema>;

export const catalogIdParamsSchema = z.object({ id: positiveId() });

// ---------------------------------------------------------------------------------------------------------
// Answers

const limitOut = z.union([z.literal('*'), z.number()]);
const listsOut = z.object({ basic: z.array(z.string()), features: z.array(z.string()), report: z.array(z.string()) });
/** A plan's lists in other languages, as the API answers them. */
export const descriptionTranslationsSchema = z.partialRecord(z.enum(DESCRIPTION_LANGUAGES), listsOut).optional();

export const catalogPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  market,
  currency: z.string(),
  group_key: z.string(),
  billing_period: period,
  price: z.number().int(),
  discount: z.number(),
  subtotal: z.number().int(),
  tax: z.number(),
  tax_label: z.string(),
  image: z.string().nullable(),
  sort_order: z.number().int(),
  hide: z.boolean(),
  is_addon: z.boolean(),
  call_for_quote: z.boolean(),
  limits: z.record(z.string(), limitOut),
  descriptions: z.object({ basic: z.array(z.string()), features: z.array(z.string()), report: z.array(z.string()), translations: descriptionTranslationsSchema }),
  subscribers: z.number().int(),
  /** Yearly plans: the saving against the monthly plan of the same tier, and whether 'Save 20%' holds. */
  yearly_saving_percent: z.number().nullable(),
  yearly_claim_holds: z.boolean(),
});
export type CatalogPlan = z.infer<typeof catalogPlanSchema>;

export const catalogSchema = z.object({ market, currency: z.string(), revision: z.number().int(), plans: z.array(catalogPlanSchema), add_ons: z.array(catalogPlanSchema) });
export type Catalog = z.infer<typeof catalogSchema>;

export const planPreviewResultSchema = z.object({
  subscribers: z.number().int(),
  current_price: z.number().int(),
  new_price: z.number().int(),
  new_subtotal: z.number().int(),
  currency: z.string(),
  yearly_saving_percent: z.number().nullable(),
  yearly_claim_holds: z.boolean(),
});
export type PlanPreviewResult = z.infer<typeof planPreviewResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Promotion codes

export const PROMOTION_DURATIONS = ['once', 'repeating', 'forever'] as const;
export const PROMOTION_KINDS = ['percent', 'amount'] as const;

const optionalList = <T extends z.ZodType>(item: T) => z.array(item).max(50).nullable().default(null);

/** POST /api/staff/promotions */
export const promotionCreateSchema = z
  .object({
    code: z
      .string({ error: 'validation:catalog.codeInvalid' })
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(PROMOTION_CODE_PATTERN, { error: 'validation:catalog.codeInvalid' })),
    name: z.string().trim().max(100, { error: 'validation:common.textTooLong' }).nullable().default(null),
    kind: z.enum(PROMOTION_KINDS, { error: 'validation:catalog.kindInvalid' }),
    percent_off: z.number({ error: 'validation:catalog.percentInvalid' }).gt(0, { error: 'validation:catalog.percentInvalid' }).max(100, { error: 'validation:catalog.percentInvalid' }).nullable().default(null),
    amount_off: z.number({ error: 'validation:catalog.amountOffInvalid' }).int({ error: 'validation:catalog.amountOffInvalid' }).positive({ error: 'validation:catalog.amountOffInvalid' }).max(CATALOG_AMOUNT_MAX_MINOR, { error: 'validation:catalog.priceTooLarge' }).nullable().default(null),
    currency: z.enum(['MYR', 'SGD', 'PHP', 'THB', 'TWD'], { error: 'validation:catalog.currencyRequired' }).nullable().default(null),
    duration: z.enum(PROMOTION_DURATIONS, { error: 'validation:catalog.durationInvalid' }),
    duration_in_months: z.number({ error: 'validation:catalog.monthsInvalid' }).int({ error: 'validation:catalog.monthsInvalid' }).min(1, { error: 'validation:catalog.monthsInvalid' }).max(36, { error: 'validation:catalog.monthsInvalid' }).nullable().default(null),
    /** Unix seconds; the code stops working at this moment. */
    expires_at: z.number({ error: 'validation:staff.dateInvalid' }).int({ error: 'validation:staff.dateInvalid' }).positive({ error: 'validation:staff.dateInvalid' }).nullable().default(null),
    max_redemptions: z.number({ error: 'validation:catalog.limitCountInvalid' }).int({ error: 'validation:catalog.limitCountInvalid' }).min(1, { error: 'validation:catalog.limitCountInvalid' }).max(1_000_000, { error: 'validation:catalog.limitCountInvalid' }).nullable().default(null),
    markets: optionalList(market),
    plans: optionalList(z.string().trim().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, { error: 'validation:catalog.groupKeyInvalid' })),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && input.percent_off === null) ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'validation:catalog.percentInvalid' });
    if (input.kind === 'amount' && input.amount_off === null) ctx.addIssue({ code: 'custom', path: ['amount_off'], message: 'validation:catalog.amountOffInvalid' });
    if (input.kind === 'amount' && input.currency === null) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'validation:catalog.currencyRequired' });
    if (input.kind === 'amount' && input.currency === 'TWD' && input.amount_off !== null && !isWholeTwd(input.amount_off)) ctx.addIssue({ code: 'custom', path: ['amount_off'], message: 'validation:catalog.amountOffInvalid' });
    if (input.duration === 'repeating' && input.duration_in_months === null) ctx.addIssue({ code: 'custom', path: ['duration_in_months'], message: 'validation:catalog.monthsInvalid' });
    if (input.markets !== null && input.markets.length === 0) ctx.addIssue({ code: 'custom', path: ['markets'], message: 'validation:catalog.restrictionEmpty' });
    if (input.plans !== null && input.plans.length === 0) ctx.addIssue({ code: 'custom', path: ['plans'], message: 'validation:catalog.restrictionEmpty' });
  })
  .transform((input) => ({
    ...input,
    percent_off: input.kind === 'percent' ? input.percent_off : null,
    amount_off: input.kind === 'amount' ? input.amount_off : null,
    currency: input.kind === 'amount' ? input.currency : null,
    duration_in_months: input.duration === 'repeating' ? input.duration_in_months : null,
  }));
export type PromotionCreateInput = z.input<typeof promotionCreateSchema>;
export type PromotionCreateOutput = z.output<typeof promotionCreateSchema>;

export const promotionIdParamsSchema = z.object({ id: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation:common.idInvalid' }) });

export const promotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string().nullable(),
  percent_off: z.number().nullable(),
  amount_off: z.number().nullable(),
  currency: z.string().nullable(),
  duration: z.enum(PROMOTION_DURATIONS),
  duration_in_months: z.number().nullable(),
  expires_at: z.number().nullable(),
  max_redemptions: z.number().nullable(),
  times_redeemed: z.number().int(),
  active: z.boolean(),
  markets: z.array(z.string()).nullable(),
  plans: z.array(z.string()).nullable(),
  created_at: z.number(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionListSchema = z.object({ data: z.array(promotionSchema) });
export type PromotionList = z.infer<typeof promotionListSchema>;

export const redemptionSchema = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  user_id: z.number().int().nullable(),
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  discount: z.number().int().nullable(),
  currency: z.string().nullable(),
  created_at: z.number(),
});
export type Redemption = z.infer<typeof redemptionSchema>;
export const redemptionListSchema = z.object({ data: z.array(redemptionSchema) });
export type RedemptionList = z.infer<typeof redemptionListSchema>;

/** POST /api/staff/catalog/plans and /plans/:id: the plan as saved. */
export const catalogPlanEnvelopeSchema = z.object({ data: catalogPlanSchema });
/** POST /api/staff/promotions and /promotions/:id/deactivate: the promotion code as it now stands. */
export const promotionEnvelopeSchema = z.object({ data: promotionSchema });

/*
 * Issue 27 §8: every catalog and promotion write carries the superadmin's reason, kept in the audit log. The
 * forms check their fields with the schemas above; the API checks the request with these.
 */
export const planCreateRequestSchema = z.intersection(planCreateSchema, reasonSchema);
export const planEditRequestSchema = z.intersection(planEditSchema, reasonSchema);
export const promotionCreateRequestSchema = z.intersection(promotionCreateSchema, reasonSchema);

/*
 * Issue 31 #5: the store industries and shop categories, named in every language. Superadmins give each entry its
 * name in the other languages (a blank one: the English name is shown, marked so in the console).
 */
export const TRANSLATED_LISTS = ['industries', 'shop_categories'] as const;
export type TranslatedListName = (typeof TRANSLATED_LISTS)[number];
export const LIST_NAME_MAX = 100;

/** The list and the entry a translation edit is for. */
export const listEntryParamsSchema = z.object({ list: z.enum(TRANSLATED_LISTS, { error: 'validation:common.invalidInput' }), id: positiveId() });

const listName = z.string({ error: 'validation:common.invalidInput' }).trim().max(LIST_NAME_MAX, { error: 'validation:catalog.listNameTooLong' });
/** An entry's names in the other languages; a language the product does not have is refused. */
export const listTranslationsEditSchema = z.object({
  translations: z.strictObject(Object.fromEntries(DESCRIPTION_LANGUAGES.map((language) => [language, listName.optional()])) as Record<DescriptionLanguage, z.ZodOptional<typeof listName>>, {
    error: 'validation:common.invalidInput',
  }),
});
export type ListTranslationsEditInput = z.input<typeof listTranslationsEditSchema>;
export const listTranslationsEditRequestSchema = z.intersection(listTranslationsEditSchema, reasonSchema);

const listEntrySchema = z.object({ id: z.number().int(), name: z.string(), translations: z.partialRecord(z.enum(DESCRIPTION_LANGUAGES), z.string()) });
export type TranslatedListEntry = z.infer<typeof listEntrySchema>;
/** GET /api/staff/catalog/lists: both lists with their names in every language. */
export const translatedListsSchema = z.object({ industries: z.array(listEntrySchema), shop_categories: z.array(listEntrySchema) });
export type TranslatedLists = z.infer<typeof translatedListsSchema>;
/** POST /api/staff/catalog/lists/:list/:id: the entry as saved. */
export const listEntryEnvelopeSchema = z.object({ data: listEntrySchema });
