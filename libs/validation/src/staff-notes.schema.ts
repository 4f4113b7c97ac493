import { z } from 'zod';
import { CONTROL_CHARACTERS } from './fields.js';

/*
 * Internal notes and tags (issue 27, capability 2): what staff write about a merchant for each other, and
 * internal notes in a support conversation. None of it is ever shown to the merchant. The API checks requests
 * with these schemas and the console's forms use the same ones, so the limits the forms show are the server's.
 */

export const MERCHANT_NOTE_MAX_LENGTH = 2000;
/** A merchant's notes are read in one list on its page: past this many, old ones must be deleted first. */
export const MERCHANT_NOTES_MAX = 200;
export const MERCHANT_TAG_MAX_LENGTH = 32;
export const MERCHANT_TAGS_MAX = 20;
export const SUPPORT_INTERNAL_NOTE_MAX_LENGTH = 2000;

const noteText = (max: number) =>
  z
    .string({ error: 'validation:staff.noteRequired' })
    .trim()
    .min(1, { error: 'validation:staff.noteRequired' })
    .max(max, { error: 'validation:staff.noteTooLong' })
    // Line breaks are what a note is made of; other control characters are not text.
    .refine((value) => !CONTROL_CHARACTERS.test(value.replace(/[\n\r\t]/g, '')), { error: 'validation:common.controlCharacters' });

/** POST /api/staff/merchants/:userId/notes and PATCH …/notes/:noteId. */
export const merchantNoteSchema = z.object({ body: noteText(MERCHANT_NOTE_MAX_LENGTH) });
export type MerchantNoteInput = z.input<typeof merchantNoteSchema>;

/** POST /api/staff/merchants/:userId/notes/:noteId/pin */
export const merchantNotePinSchema = z.object({ pinned: z.boolean({ error: 'validation:staff.pinnedInvalid' }) });
export type MerchantNotePinInput = z.input<typeof merchantNotePinSchema>;

/**
 * A tag as staff type it, normalised so that "VIP", " vip " and "Ｖｉｐ" are one tag: NFKC, trimmed, lower
 * case, inner spaces as one hyphen; then letters (any script), digits, `-` and `_`, starting with a letter or
 * digit.
 */
export const normaliseTag = (value: string): string => value.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, '-');
export const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}_-]*$/u;

export const merchantTagField = z
  .string({ error: 'validation:staff.tagRequired' })
  .transform(normaliseTag)
  .pipe(
    z
      .string()
      .min(1, { error: 'validation:staff.tagRequired' })
      .max(MERCHANT_TAG_MAX_LENGTH, { error: 'validation:staff.tagTooLong' })
      .regex(TAG_PATTERN, { error: 'validation:staff.tagInvalid' }),
  );

/** POST /api/staff/merchants/:userId/tags */
export const merchantTagSchema = z.object({ tag: merchantTagField });
export type MerchantTagInput = z.input<typeof merchantTagSchema>;

/** The directory's `tag` filter: empty means no filter, anything else must be a tag. */
export const optionalTagFilter = z.preprocess((value) => (value === '' || value === null ? undefined : value), merchantTagField.optional());

export const merchantNoteRowSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  pinned: z.boolean(),
  author: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.number().int(),
  /** When the body was last edited, or null. */
  edited_at: z.number().int().nullable(),
});
export type MerchantNote = z.infer<typeof merchantNoteRowSchema>;

/** GET …/notes: pinned first, then newest first. */
export const merchantNoteListSchema = z.object({ data: z.array(merchantNoteRowSchema) });
export type MerchantNoteList = z.infer<typeof merchantNoteListSchema>;
export const merchantNoteEnvelopeSchema = z.object({ data: merchantNoteRowSchema });

/** The merchant's tags after a change, in name order. */
export const merchantTagsSchema = z.object({ tags: z.array(z.string()) });
export type MerchantTags = z.infer<typeof merchantTagsSchema>;

/** GET /api/staff/tags: every tag in use and on how many merchants, for the directory's filter. */
export const tagCatalogSchema = z.object({ data: z.array(z.object({ tag: z.string(), merchants: z.number().int() })) });
export type TagCatalog = z.infer<typeof tagCatalogSchema>;

/** POST /api/staff/support/:id/internal-notes */
export const supportInternalNoteSchema = z.object({ message: noteText(SUPPORT_INTERNAL_NOTE_MAX_LENGTH) });
export type SupportInternalNoteInput = z.input<typeof supportInternalNoteSchema>;

export const supportInternalNoteRowSchema = z.object({
  id: z.number().int(),
  author_name: z.string(),
  body: z.string(),
  created_at: z.number().int(),
});
export type SupportInternalNote = z.infer<typeof supportInternalNoteRowSchema>;
