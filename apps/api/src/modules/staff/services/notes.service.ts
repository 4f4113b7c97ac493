import { MERCHANT_NOTES_MAX, MERCHANT_TAGS_MAX, type MerchantNote, type MerchantNoteList, type MerchantTags, type TagCatalog } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { AppError } from '../../../http/errors';
import { type NoteRecord, countNotes, deleteNote, deleteTag, findNote, insertNote, insertTag, noteOf, notesOf, tagCatalog, tagsOf, updateNote } from '../repositories';
import type { StaffActor, StaffContext } from './staff-context';

// Internal notes and tags on a merchant (issue 27, capability 2): staff write them for each other; the merchant
// never sees them (their audit entries carry no reason, so the merchant's view of staff access leaves them out).

/** How many tags the directory's filter offers. */
const TAG_CATALOG_LIMIT = 200;

export const createNotesService = (ctx: StaffContext) => {
  const { db, seconds, requireMerchant, audited } = ctx;

  const notes = async (userId: number): Promise<MerchantNoteList> => {
    const merchant = await requireMerchant(userId);
    return { data: await notesOf(db, merchant.id) };
  };

  const addNote = async (actor: StaffActor, userId: number, body: string): Promise<{ data: MerchantNote }> => {
    const merchant = await requireMerchant(userId);
    const noteId = await audited(actor, { merchantId: merchant.id, action: 'merchant.note_added', reason: null }, async (tx) => {
      if ((await countNotes(tx, merchant.id)) >= MERCHANT_NOTES_MAX) throw new AppError('note_limit_reached');
      const id = await insertNote(tx, { merchantId: merchant.id, authorUserId: actor.userId, body, pinned: false, at: seconds() });
      return { result: id, after: { note_id: id, note: body } };
    });
    return { data: (await noteOf(db, noteId)) as MerchantNote };
  };

  /**
   * One change of a note, audited with the note's id. `allowed` says whether this staff member may make it
   * (checked inside the audited unit, so a refusal is recorded with the note it aimed at).
   */
  const changeNote = async (
    actor: StaffActor,
    userId: number,
    noteId: number,
    action: string,
    change: (note: NoteRecord) => { allowed: boolean; apply: (tx: Knex.Transaction) => Promise<unknown>; before: Record<string, unknown>; after: Record<string, unknown> },
  ): Promise<void> => {
    const merchant = await requireMerchant(userId);
    const note = await findNote(db, merchant.id, noteId);
    if (!note) throw new AppError('not_found');
    const planned = change(note);
    await audited(actor, { merchantId: merchant.id, action, reason: null, details: { note_id: noteId } }, async (tx) => {
      if (!planned.allowed) throw new AppError('forbidden');
      await planned.apply(tx);
      return { result: undefined, before: planned.before, after: planned.after };
    });
  };

  /** Only the author edits a note's text (a superadmin included: what someone wrote stays theirs). */
  const editNote = async (actor: StaffActor, userId: number, noteId: number, body: string): Promise<{ data: MerchantNote }> => {
    await changeNote(actor, userId, noteId, 'merchant.note_edited', (note) => ({
      allowed: note.authorUserId === actor.userId,
      apply: (tx) => updateNote(tx, noteId, { body, edited_at: seconds() }),
      before: { note: note.body },
      after: { note: body },
    }));
    return { data: (await noteOf(db, noteId)) as MerchantNote };
  };

  /** The author deletes their own note; a superadmin deletes any. The audit entry keeps what it said. */
  const removeNote = async (actor: StaffActor, userId: number, noteId: number): Promise<{ ok: true }> => {
    await changeNote(actor, userId, noteId, 'merchant.note_deleted', (note) => ({
      allowed: note.authorUserId === actor.userId || actor.role === 'superadmin',
      apply: (tx) => deleteNote(tx, noteId),
      before: { note: note.body, pinned: note.pinned },
      after: {},
    }));
    return { ok: true };
  };

  /** Any staff member who may write pins or unpins a note: pinned notes lead the merchant's page for everyone. */
  const pinNote = async (actor: StaffActor, userId: number, noteId: number, pinned: boolean): Promise<{ data: MerchantNote }> => {
    await changeNote(actor, userId, noteId, pinned ? 'merchant.note_pinned' : 'merchant.note_unpinned', (note) => ({
      allowed: true,
      apply: (tx) => updateNote(tx, noteId, { pinned }),
      before: { pinned: note.pinned },
      after: { pinned },
    }));
    return { data: (await noteOf(db, noteId)) as MerchantNote };
  };

  /** Adding a tag the merchant has already changes nothing and answers its tags. */
  const addTag = async (actor: StaffActor, userId: number, tag: string): Promise<MerchantTags> => {
    const merchant = await requireMerchant(userId);
    const before = await tagsOf(db, merchant.id);
    if (before.includes(tag)) return { tags: before };
    await audited(actor, { merchantId: merchant.id, action: 'merchant.tag_added', reason: null, details: { tag } }, async (tx) => {
      if ((await tagsOf(tx, merchant.id)).length >= MERCHANT_TAGS_MAX) throw new AppError('tag_limit_reached');
      await insertTag(tx, { merchantId: merchant.id, tag, addedBy: actor.userId, at: seconds() });
      return { result: undefined, after: { tag } };
    });
    return { tags: await tagsOf(db, merchant.id) };
  };

  const removeTag = async (actor: StaffActor, userId: number, tag: string): Promise<MerchantTags> => {
    const merchant = await requireMerchant(userId);
    if (!(await tagsOf(db, merchant.id)).includes(tag)) throw new AppError('not_found');
    await audited(actor, { merchantId: merchant.id, action: 'merchant.tag_removed', reason: null, details: { tag } }, async (tx) => {
      await deleteTag(tx, merchant.id, tag);
      return { result: undefined, before: { tag } };
    });
    return { tags: await tagsOf(db, merchant.id) };
  };

  const tags = async (): Promise<TagCatalog> => ({ data: await tagCatalog(db, TAG_CATALOG_LIMIT) });

  return { notes, addNote, editNote, removeNote, pinNote, addTag, removeTag, tags };
};
