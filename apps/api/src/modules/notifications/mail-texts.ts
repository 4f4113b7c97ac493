import { createI18n, type EnResources, INTL_LOCALE_TAGS, normalizeLocale, type SupportedLocale } from '@merchant-hub/i18n';
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

/**
 * One formatter per language and style: making an Intl.DateTimeFormat costs far more than formatting with it
 * (a renewal batch writes hundreds of receipts; issue 12).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (locale: string | null | undefined, withTime: boolean): Intl.DateTimeFormat => {
  const tag = INTL_LOCALE_TAGS[mailLocaleOf(locale)];
  const key = `${tag}|${withTime}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, withTime ? { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' } : { dateStyle: 'long', timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** A calendar day (UTC, unix seconds) as the recipient's language writes it: 24 November 2026, 2026年11月24日... */
export const mailDate = (locale: string | null | undefined, seconds: number): string => formatterFor(locale, false).format(new Date(seconds * 1000));

/** A moment (UTC) with its time, for sign-in notices. */
export const mailDateTime = (locale: string | null | undefined, at: Date): string => formatterFor(locale, true).format(at) + ' UTC';
