import { createI18n, type EnResources, normalizeLocale, type SupportedLocale } from '@merchant-hub/i18n';
import type { i18n as I18n } from 'i18next';

/** The texts of libs/i18n's `mail` namespace: one key per message the API sends. */
type MailTexts = EnResources['mail'];
/** Messages with a subject (e-mails); `trialCode` is a text message. */
export type MailKey = { [K in keyof MailTexts]: MailTexts[K] extends { subject: string; text: string } ? K : never }[keyof MailTexts];
export type MailParams = Record<string, string | number>;

/**
 * The language a message is written in: the recipient's stored language (`users.locale`, kept up to date by
 * sign-up, sign-in and the profile), normalised; the right-to-left test languages have no mail texts and
 * read English, like anything unknown.
 */
export const mailLocaleOf = (locale: string | null | undefined): SupportedLocale => {
  const normalized = normalizeLocale(locale);
  return normalized === 'ar' || normalized === 'he' ? 'en' : normalized;
};

let instance: I18n | null = null;
const i18n = (): I18n => (instance ??= createI18n({ lng: 'en' }));

/** `mail:<key>.<part>` in `locale`, placeholders filled as given (plain text: nothing is escaped). */
const mailT = (locale: string | null | undefined, key: string, params: MailParams): string =>
  // `t` with the language and namespace as options: what getFixedT's function does, without copying every i18next option per call.
  i18n().t(key, { ...params, lng: mailLocaleOf(locale), ns: 'mail' });

/**
 * Any of the bundled texts in `locale`, by its namespaced key (`mail:invoiceDocument.total`,
 * `billing:chargeLine.plan`, `billing:taxName.MY`): what the API writes itself, such as the invoice page and PDF.
 */
export const textsIn =
  (locale: string | null | undefined) =>
  (key: string, values: Record<string, unknown> = {}): string =>
    i18n().t(key, { ...values, lng: mailLocaleOf(locale) });

/** An e-mail's subject and text in the recipient's language. */
export const mailText = (locale: string | null | undefined, key: MailKey, params: MailParams = {}): { subject: string; text: string } => ({
  subject: mailT(locale, `${key}.subject`, params).replace(/[\r\n]+/g, ' '),
  text: mailT(locale, `${key}.text`, params),
});

/** A text message (SMS) in the recipient's language. */
export const smsText = (locale: string | null | undefined, key: 'trialCode', params: MailParams): string => mailT(locale, `${key}.text`, params);

/** A plan period word (`monthly`, `yearly`) in the recipient's language; other periods are shown as given. */
export const periodWord = (locale: string | null | undefined, period: string): string =>
  period === 'monthly' || period === 'yearly' ? mailT(locale, `period.${period}`, {}) : period;

/** What a contact change changed, as the notice to the old address names it. */
export const contactWord = (locale: string | null | undefined, what: 'email' | 'phone' | 'emailAndPhone'): string => mailT(locale, `contactChange.${what}`, {});
const twoDigits = (value: number): string => String(value).padStart(2, '0');

/**
 * A calendar day (UTC, unix seconds) as the product writes every date: day first in digits, 30/12/2026, in
 * every language (spec §9; issue 31 #5: e-mails read "December 30, 2026" in English words).
 */
export const mailDate = (_locale: string | null | undefined, seconds: number): string => {
  const at = new Date(seconds * 1000);
  return `${twoDigits(at.getUTCDate())}/${twoDigits(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
};

/** A moment (UTC) with its time, for sign-in notices: 30/12/2026 14:05 UTC. */
export const mailDateTime = (locale: string | null | undefined, at: Date): string =>
  `${mailDate(locale, Math.floor(at.getTime() / 1000))} ${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())} UTC`;
