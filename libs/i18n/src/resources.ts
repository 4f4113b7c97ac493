import * as arBundle from './locales/ar';
import * as enBundle from './locales/en';
import * as heBundle from './locales/he';
import * as msBundle from './locales/ms';
import * as thBundle from './locales/th';
import * as zhBundle from './locales/zh';
import * as zhtwBundle from './locales/zhtw';
import type { RtlLocale, SupportedLocale } from './locale';
import type { Messages } from './messages';

/** The English resources, the source of truth; `typeof` it gives apps typed keys (see README). */
export const enResources = { ...enBundle };

export type EnResources = typeof enResources;
export type Namespace = keyof EnResources;

/** Every namespace `en` has, in a fixed order; each product language must carry all of them. */
export const NAMESPACES = Object.keys(enResources).sort() as Namespace[];

export { DEFAULT_NAMESPACE } from './default-namespace';

/** A product language's bundle: forgetting to export a namespace from its index fails the type check. */
export type LocaleResources = { readonly [ns in Namespace]: Messages };
/** A right-to-left test language's bundle: `common` only. */
export type RtlLocaleResources = { readonly common: Messages };

export type Resources = { readonly en: EnResources } & {
  readonly [lng in Exclude<SupportedLocale, 'en'>]: LocaleResources;
} & { readonly [lng in RtlLocale]: RtlLocaleResources };

const translated = (bundle: LocaleResources): LocaleResources => ({ ...bundle });
const rtlOnly = (bundle: RtlLocaleResources): RtlLocaleResources => ({ ...bundle });

/**
 * Bundled texts of every language, shaped as i18next's `resources` option. Treat as read-only: i18next mutates
 * the objects it is given, so `createI18n` hands it a copy.
 */
export const resources: Resources = {
  en: enResources,
  ms: translated(msBundle),
  zh: translated(zhBundle),
  zhtw: translated(zhtwBundle),
  th: translated(thBundle),
  ar: rtlOnly(arBundle),
  he: rtlOnly(heBundle),
};

