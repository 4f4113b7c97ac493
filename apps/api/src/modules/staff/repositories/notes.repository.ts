/** Staff's internal notes and tags on a merchant (issue 27, capability 2; migration 1000). */
import type { MerchantNote } from '@merchant-hub/validation';
import { insertId } from '../../../db/knex';
import { type Exec, num, numOrNull } from './shared';

export type NoteRecord = { id: number; merchantId: number; authorUserId: number; body: string; pinned: boolean };

const bool = (value: unknown): boolean => value === true || value === 1 || value === '1';

const noteColumns = ['n.id', 'n.body', 'n.pinned', 'n.created_at', 'n.edited_at', 'n.author_user_id', 'u.name as author_name', 'u.email as author_email'];

const toNote = (row: Record<string, unknown>): MerchantNote => ({
  id: num(row.id),
  body: String(row.body),
  pinned: bool(row.pinned),
  author: { id: num(row.author_user_id), name: String(row.author_name), email: String(row.author_email) },
  created_at: num(row.created_at),
  edited_at: numOrNull(row.edited_at),
});

/** A merchant's notes: pinned ones first, then newest first. */
export const notesOf = async (db: Exec, merchantId: number): Promise<MerchantNote[]> =>
  (
    await db('merchant_notes as n')
      .join('users as u', 'u.id', 'n.author_user_id')
      .where('n.merchant_id', merchantId)
      .orderBy([{ column: 'n.pinned', order: 'desc' }, { column: 'n.id', order: 'desc' }])
      .select(noteColumns)
  ).map(toNote);

export const noteOf = async (db: Exec, noteId: number): Promise<MerchantNote | null> => {
  const row = await db('merchant_notes as n').join('users as u', 'u.id', 'n.author_user_id').where('n.id', noteId).first(noteColumns);
  return row ? toNote(row as Record<string, unknown>) : null;
};

/** The note only if it belongs to this merchant: another merchant's note id is "not found". */
export const findNote = async (db: Exec, merchantId: number, noteId: number): Promise<NoteRecord | null> => {
  const row = await db('merchant_notes').where({ id: noteId, merchant_id: merchantId }).first('id', 'merchant_id', 'author_user_id', 'body', 'pinned');
  return row ? { id: num(row.id), merchantId: num(row.merchant_id), authorUserId: num(row.author_user_id), body: String(row.body), pinned: bool(row.pinned) } : null;
};

export const countNotes = async (db: Exec, merchantId: number): Promise<number> => num((await db('merchant_notes').where({ merchant_id: merchantId }).count({ n: '*' }).first())?.n ?? 0);

export const insertNote = (tx: Exec, input: { merchantId: number; authorUserId: number; body: string; pinned: boolean; at: number }): Promise<number> =>
  insertId(tx, 'merchant_notes', { merchant_id: input.merchantId, author_user_id: input.authorUserId, body: input.body, pinned: input.pinned, created_at: input.at });

export const updateNote = async (tx: Exec, noteId: number, changes: { body?: string; edited_at?: number; pinned?: boolean }): Promise<void> => {
  await tx('merchant_notes').where({ id: noteId }).update(changes);
};

export const deleteNote = async (tx: Exec, noteId: number): Promise<void> => {
  await tx('merchant_notes').where({ id: noteId }).delete();
};

// ------------------------------------------------------------------------------------------------------ tags

export const tagsOf = async (db: Exec, merchantId: number): Promise<string[]> =>
  (await db('merchant_tags').where({ merchant_id: merchantId }).orderBy('tag').select('tag')).map((row) => String(row.tag));

/** The tags of a directory page's merchants, each list in name order. */
export const tagsOfMany = async (db: Exec, merchantIds: number[]): Promise<Map<number, string[]>> => {
  const map = new Map<number, string[]>();
  if (merchantIds.length === 0) return map;
  for (const row of await db('merchant_tags').whereIn('merchant_id', merchantIds).orderBy(['merchant_id', 'tag']).select('merchant_id', 'tag')) {
    const list = map.get(num(row.merchant_id)) ?? [];
    list.push(String(row.tag));
    map.set(num(row.merchant_id), list);
  }
  return map;
};

/** Adds the tag unless the merchant has it already; answers whether it was added. */
export const insertTag = async (tx: Exec, input: { merchantId: number; tag: string; addedBy: number; at: number }): Promise<boolean> => {
  const rows = await tx('merchant_tags')
    .insert({ merchant_id: input.merchantId, tag: input.tag, added_by_user_id: input.addedBy, created_at: input.at })
    .onConflict(['merchant_id', 'tag'])
    .ignore()
    .returning('tag');
  return rows.length > 0;
};

export const deleteTag = async (tx: Exec, merchantId: number, tag: string): Promise<boolean> => (await tx('merchant_tags').where({ merchant_id: merchantId, tag }).delete()) > 0;

/** Every tag in use and on how many merchants, most used first (the directory's filter choices). */
export const tagCatalog = async (db: Exec, limit: number): Promise<{ tag: string; merchants: number }[]> =>
  (
    (await db('merchant_tags').groupBy('tag').select('tag').count({ n: '*' }).orderBy([{ column: 'n', order: 'desc' }, { column: 'tag', order: 'asc' }]).limit(limit)) as Record<string, unknown>[]
  ).map((row) => ({
    tag: String(row.tag),
    merchants: num(row.n),
  }));

