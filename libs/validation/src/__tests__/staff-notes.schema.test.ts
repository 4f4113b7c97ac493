import { fieldErrors } from '../field-errors';
import { merchantDirectoryQuerySchema, merchantNoteSchema, merchantTagSchema, normaliseTag, supportInternalNoteSchema } from '../index';

describe('staff notes and tags schemas', () => {
  it.each([
    ['VIP', 'vip'],
    ['  Key   Account ', 'key-account'],
    ['ＶＩＰ', 'vip'],
    ['大客戶', '大客戶'],
    ['ลูกค้า-vip', 'ลูกค้า-vip'],
    ['re_seller-2', 're_seller-2'],
  ])('normalises the tag %j to %j', (input, tag) => {
    expect(normaliseTag(input)).toBe(tag);
    expect(merchantTagSchema.parse({ tag: input })).toEqual({ tag });
  });

  it.each([
    ['', 'validation:staff.tagRequired'],
    ['x'.repeat(33), 'validation:staff.tagTooLong'],
    ['-first', 'validation:staff.tagInvalid'],
    ['a/b', 'validation:staff.tagInvalid'],
    ['<script>', 'validation:staff.tagInvalid'],
    [null, 'validation:staff.tagRequired'],
  ])('refuses the tag %j', (tag, key) => {
    const result = merchantTagSchema.safeParse({ tag });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error).tag).toBe(key);
  });

  it('reads the directory tag filter normalised, and a blank one as absent', () => {
    expect(merchantDirectoryQuerySchema.parse({ tag: 'Key Account' }).tag).toBe('key-account');
    expect(merchantDirectoryQuerySchema.parse({ tag: '' }).tag).toBeUndefined();
  });

  it('takes a note of 1–2,000 characters with line breaks and refuses other control characters', () => {
    expect(merchantNoteSchema.parse({ body: ' one\ntwo ' })).toEqual({ body: 'one\ntwo' });
    expect(merchantNoteSchema.parse({ body: 'x'.repeat(2000) }).body).toHaveLength(2000);
    for (const [body, key] of [
      ['', 'validation:staff.noteRequired'],
      ['x'.repeat(2001), 'validation:staff.noteTooLong'],
      ['nul\u0000', 'validation:common.controlCharacters'],
    ] as const) {
      const result = merchantNoteSchema.safeParse({ body });
      expect(result.success).toBe(false);
      if (!result.success) expect(fieldErrors(result.error).body).toBe(key);
    }
    expect(supportInternalNoteSchema.safeParse({ message: ' ' }).success).toBe(false);
  });
});
