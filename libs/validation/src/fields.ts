import { z } from 'zod';
import type { ValidationMessageKey } from './messages.js';

/** Free text limit of spec §9 for every text field that names no other limit. */
export const TEXT_MAX_LENGTH = 255;
/** "Simple pattern" of spec §5: something@something.something, no spaces. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * A person's name as the five markets write it: letters of any script with their combining marks (王, 小明,
 * สมชาย with Thai's vowel signs, Nur'aini, José, Nguyễn), one letter or more, words joined by one space,
 * hyphen, apostrophe, dot ("A. Rahman"), middle dot (Taiwan's indigenous names: 巴奈·母路) or slash (the
 * "a/l", "s/o" of Malaysian names); a closing dot ("Jr."). No digits, no markup, no separator on its own.
 * Each letter is one step of the repetition, so the pattern never backtracks more than one separator.
 */
export const PERSON_NAME_PATTERN = /^\p{L}\p{M}*(?:(?:\. |[ .'’ʼ\-‐·・/])?\p{L}\p{M}*)*\.?$/u;
/** @deprecated The old registration-only rule; names now follow {@link PERSON_NAME_PATTERN} everywhere. */
export const LETTERS_ONLY_NAME_PATTERN = PERSON_NAME_PATTERN;
/** The longest name accepted: a database column and a card's line hold more than anyone's name needs. */
export const PERSON_NAME_MAX_LENGTH = 100;

type Key = ValidationMessageKey;

// No check here aborts (`abort: true`): zod skips every object-level refinement once any field issue aborts,
// `when` or not, so "passwords do not match" would wait until every other field is valid. A field may
// therefore report more than one issue; forms and `fieldErrors` show the first, which is the one an abort
// would have kept, so checks are ordered from most to least basic.

/** A required text field: trimmed, not blank, at most 255 characters (or `max`). */
export function requiredText(required: Key, max = TEXT_MAX_LENGTH, tooLong: Key = 'validation:common.textTooLong') {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong });
}

/** `<` and `>` have no place in a name; refusing them keeps stored names from ever carrying markup. */
const MARKUP = /[<>]/;
const MARKUP_KEY: Key = 'validation:common.markupNotAllowed';

/** A required name (person, store, company): required text without markup characters. */
export function nameText(required: Key, max = TEXT_MAX_LENGTH, tooLong: Key = 'validation:common.textTooLong') {
  return requiredText(required, max, tooLong).refine((value) => !MARKUP.test(value), { error: MARKUP_KEY });
}

/** An optional name: optional text without markup characters. */
export function optionalNameText(max = TEXT_MAX_LENGTH, tooLong: Key = 'validation:common.textTooLong') {
  return z
    .string({ error: 'validation:common.invalidText' })
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !MARKUP.test(value), { error: MARKUP_KEY })
    .nullish();
}

/**
 * C0 control characters and DEL. None belongs in a one-line search: NUL ends an SQLite full-text query
 * (answered 500 before issue 26) and PostgreSQL text cannot hold it; U+001F is the staff directory index's
 * own separator, so a search holding it would match where no typed text could.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** An optional search or filter text from a query string: blank means "no filter"; trimmed, no control characters. */
export function optionalSearchText(max = TEXT_MAX_LENGTH, tooLong: Key = 'validation:common.textTooLong') {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string({ error: 'validation:common.invalidText' })
      .trim()
      .max(max, { error: tooLong })
      .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'validation:common.controlCharacters' })
      .optional(),
  );
}

/** The path of an image the product stored itself (`avatars/<32 hex>.png`), as `saveImage` returns it. */
export const UPLOAD_PATH_PATTERN = /^(?:avatars|merchants|stores)\/[a-f0-9]{32}\.(?:png|jpg)$/;
/** The URL of such an image: `/api/uploads/<path>`, on the product's origin (the server checks which origin). */
export const UPLOAD_URL_PATTERN = /^(?:https?:\/\/[^\s/?#]+(?:\/[^\s?#]*?)?)?\/api\/uploads\/(?:avatars|merchants|stores)\/[a-f0-9]{32}\.(?:png|jpg)$/;

/** An optional image reference the product made: '' or null clears it; anything else must match `pattern`. */
export function optionalUpload(pattern: RegExp, invalid: Key) {
  return z
    .string({ error: invalid })
    .trim()
    .max(500, { error: invalid })
    .refine((value) => value === '' || pattern.test(value), { error: invalid })
    .nullish();
}

/** An optional text field: trimmed, at most 255 characters (or `max`); null and missing are accepted. */
export function optionalText(max = TEXT_MAX_LENGTH, tooLong: Key = 'validation:common.textTooLong') {
  return z
    .string({ error: 'validation:common.invalidText' })
    .trim()
    .max(max, { error: tooLong })
    .nullish();
}

/** A trimmed e-mail: blank reports `required`, anything not matching the simple pattern reports `invalid`. */
export function emailField(required: Key, invalid: Key = required) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    // Length before pattern: the pattern backtracks quadratically on long runs of dots, so overlong input
    // (up to a whole request body) must never reach it.
    .refine((value) => value.length <= TEXT_MAX_LENGTH && SIMPLE_EMAIL_PATTERN.test(value), { error: invalid });
}

/**
 * A password that must not be blank. Passwords are never trimmed (spaces may be part of them); only the
 * blank check looks at the trimmed value.
 */
export function nonBlankPassword(required: Key) {
  return z
    .string({ error: required })
    .max(TEXT_MAX_LENGTH, { error: 'validation:common.textTooLong' })
    .refine((value) => value.trim().length > 0, { error: required });
}

/** At least 8 characters with at least one letter and one digit (spec §9). */
export function strongPassword(invalid: Key) {
  return z
    .string({ error: invalid })
    .min(8, { error: invalid })
    .max(TEXT_MAX_LENGTH, { error: 'validation:common.textTooLong' })
    .regex(/\p{L}/u, { error: invalid })
    .regex(/\d/, { error: invalid });
}

/**
 * The one rule for a person's first or last name, used by every form and request that takes one (trial
 * sign-up, its server check and registration, the merchant wizard, the gateway checkout): not blank after
 * trimming, runs of spaces read as one, at most 100 characters, {@link PERSON_NAME_PATTERN}. A single letter
 * is a name: most Chinese surnames are one character (王, 林, 陳).
 */
export function personName(required: Key, invalid: Key) {
  return z
    .string({ error: required })
    .trim()
    .overwrite((value) => value.replace(/\s+/gu, ' '))
    .min(1, { error: required })
    .max(PERSON_NAME_MAX_LENGTH, { error: 'validation:common.nameTooLong' })
    .regex(PERSON_NAME_PATTERN, { error: invalid });
}

/**
 * A chosen option (country, state, currency...): select inputs give strings, API bodies may give numbers.
 * Both come out as a trimmed, non-empty string.
 */
export function requiredChoice(required: Key) {
  return z
    .union([z.string(), z.number()], { error: required })
    .transform((value) => String(value))
    .pipe(z.string().trim().min(1, { error: required }).max(TEXT_MAX_LENGTH, { error: 'validation:common.textTooLong' }));
}

/** Exactly six digits: the one-time code of sign-in and trial sign-up. */
export function sixDigitCode(invalid: Key) {
  return z
    .string({ error: invalid })
    .trim()
    .regex(/^\d{6}$/, { error: invalid });
}

const ID_KEY: Key = 'validation:common.idInvalid';
const DECIMAL_DIGITS = /^\d+$/;

/**
 * A whole number from JSON or from text (query strings, form posts). Text must be decimal digits only:
 * `0x10`, `1e3`, `" 2"`, `2.0`, `+2` and `''` are refused where `Number()` would read 16, 1000, 2, 2, 2 and 0.
 * JSON numbers must be safe integers (so no `1e400`, no 2^53).
 */
export function wholeNumber(invalid: Key) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_DIGITS.test(value) ? Number(value) : value),
    z.number({ error: invalid }).int({ error: invalid }).refine(Number.isSafeInteger, { error: invalid }),
  );
}

/** A required numeric id (≥ 1); digits-only strings (query strings, form posts) are read as numbers. */
export function positiveId(invalid: Key = ID_KEY) {
  return wholeNumber(invalid).pipe(z.number().positive({ error: invalid }));
}

/** An optional numeric id: missing, null and '' mean "not given" (staff pass user_id, merchants omit it). */
export function optionalPositiveId(invalid: Key = ID_KEY) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), positiveId(invalid).optional());
}

/** A non-negative whole number of seconds since the Unix epoch, from a number or a digits-only string. */
export function unixSeconds(invalid: Key) {
  return wholeNumber(invalid).pipe(z.number().nonnegative({ error: invalid }));
}

/** An opaque provider reference (payment method id, price id...): trimmed and not blank. */
export function reference(required: Key = 'validation:common.referenceRequired') {
  return requiredText(required);
}
