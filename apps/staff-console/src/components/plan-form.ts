import type { CurrencyCode } from '@merchant-hub/domain';
import { formatMoney, parseMoney } from '@merchant-hub/money';
import { CATALOG_USAGE_ITEMS, type CatalogPlan, type CatalogUsageItem, DESCRIPTION_LANGUAGES, type DescriptionLanguage, type PlanEditOutput, planEditSchema } from '@merchant-hub/validation';

/** What the plan form holds: amounts and limits as typed, lists one line each. */
export type PlanFormValues = {
  name: string;
  group_key: string;
  billing_period: 'monthly' | 'yearly';
  price: string;
  discount: string;
  tax: string;
  tax_label: string;
  image: string;
  sort_order: string;
  hide: boolean;
  call_for_quote: boolean;
  limits: Record<CatalogUsageItem, string>;
  basic: string;
  features: string;
  report: string;
  /** The three lists in each other language, one line each (empty: the English list is shown). */
  translations: Record<DescriptionLanguage, DescriptionTexts>;
};

type DescriptionTexts = { basic: string; features: string; report: string };
const DESCRIPTION_LISTS = ['basic', 'features', 'report'] as const;

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

export const planFormValues = (plan: CatalogPlan | null, currency: CurrencyCode, defaults: { tax: number; tax_label: string }): PlanFormValues => ({
  name: plan?.name ?? '',
  group_key: plan?.group_key ?? '',
  billing_period: plan?.billing_period ?? 'monthly',
  price: formatMoney(plan?.price ?? 0, currency, { withSymbol: false }),
  discount: String(plan?.discount ?? 0),
  tax: String(plan?.tax ?? defaults.tax),
  tax_label: plan?.tax_label ?? defaults.tax_label,
  image: plan?.image ?? '',
  sort_order: String(plan?.sort_order ?? 1),
  hide: plan?.hide ?? false,
  call_for_quote: plan?.call_for_quote ?? false,
  limits: Object.fromEntries(CATALOG_USAGE_ITEMS.map((item) => [item, String(plan?.limits[item] ?? '*')])) as Record<CatalogUsageItem, string>,
  basic: (plan?.descriptions.basic ?? []).join('\n'),
  features: (plan?.descriptions.features ?? []).join('\n'),
  report: (plan?.descriptions.report ?? []).join('\n'),
  translations: Object.fromEntries(
    DESCRIPTION_LANGUAGES.map((language) => {
      const lists = plan?.descriptions.translations?.[language];
      return [language, { basic: (lists?.basic ?? []).join('\n'), features: (lists?.features ?? []).join('\n'), report: (lists?.report ?? []).join('\n') }];
    }),
  ) as Record<DescriptionLanguage, DescriptionTexts>,
});

/** The languages with at least one list typed: sent as their lists; the others are left out (English shown). */
const translationsOf = (values: PlanFormValues) =>
  Object.fromEntries(
    DESCRIPTION_LANGUAGES.flatMap((language) => {
      const texts = values.translations[language];
      const lists = { basic: lines(texts.basic), features: lines(texts.features), report: lines(texts.report) };
      return DESCRIPTION_LISTS.some((list) => lists[list].length > 0) ? [[language, lists]] : [];
    }),
  );

const numberOrText = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/**
 * The request body the form's values make, checked by the shared schema. Errors come back keyed by the
 * form's field paths (`price`, `limits.order`, `report`) as i18n keys.
 */
export const planRequest = (values: PlanFormValues, currency: CurrencyCode): { ok: true; body: PlanEditOutput } | { ok: false; errors: Record<string, string> } => {
  const money = parseMoney(values.price, currency);
  const errors: Record<string, string> = {};
  // TWD is typed in whole dollars: cents get the message that says so (the API refuses them too).
  if (!money.ok) errors.price = money.error === 'too_many_decimals' && currency === 'TWD' ? 'validation:catalog.priceWholeDollars' : 'validation:catalog.priceInvalid';
  const body = {
    name: values.name,
    price: money.ok ? money.value : -1,
    discount: numberOrText(values.discount),
    tax: numberOrText(values.tax),
    tax_label: values.tax_label,
    image: values.image.trim() === '' ? null : values.image.trim(),
    sort_order: numberOrText(values.sort_order),
    hide: values.hide,
    call_for_quote: values.call_for_quote,
    limits: Object.fromEntries(CATALOG_USAGE_ITEMS.map((item) => [item, values.limits[item].trim() === '*' ? '*' : numberOrText(values.limits[item])])),
    descriptions: { basic: lines(values.basic), features: lines(values.features), report: lines(values.report), translations: translationsOf(values) },
  };
  const parsed = planEditSchema.safeParse(body);
  if (parsed.success && money.ok) return { ok: true, body: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    // A list's line errors go on the list's field: `report`, `translations.th.features`.
    const path = issue.path[0] !== 'descriptions' ? issue.path.join('.') : issue.path[1] === 'translations' ? issue.path.slice(1, 4).join('.') : String(issue.path[1]);
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
};

/** The API's field paths (`descriptions.report`) as the form's (`report`). */
export const formFieldOf = (path: string): string => (path.startsWith('descriptions.') ? path.slice('descriptions.'.length) : path);
