import type { StaffRole, SupportConversation, SupportConversationDetail, SupportMessageOutput, SupportState } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { DomainError } from '../../domain-error';
import { writeAudit } from '../audit';
import { replyEmail } from './support.emails';
import {
  countUnread,
  findMerchantIdOfOwner,
  getConversation,
  insertConversation,
  insertInternalNote,
  insertMessage,
  listInternalNotes,
  listConversations,
  listMessages,
  screenshotOf,
  updateConversation,
} from './support.repository';

export type SupportStaff = { userId: number; role: StaffRole; ip: string | null };
export type InboxQuery = { state?: SupportState; market?: string; merchant_user_id?: number; assigned?: 'me' | 'anyone' };

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The support inbox: merchants raise conversations and read replies; staff triage, answer and close. */
export const createSupportService = (deps: AppDeps) => {
  const { db, clock, config, notifier } = deps;

  /** Only a merchant's owner account writes to support; staff (also when acting for a merchant) cannot post as one. */
  const merchantOf = async (userId: number, isStaff: boolean): Promise<number> => {
    const merchantId = isStaff ? null : await findMerchantIdOfOwner(db, userId);
    if (merchantId === null) throw new AppError('forbidden');
    return merchantId;
  };

  /** A conversation of another merchant is "not found", so ids cannot be probed. */
  const ownConversation = async (merchantId: number, id: number) => {
    const found = await getConversation(db, id, 'merchant');
    if (!found || found.record.merchantId !== merchantId) throw new AppError('not_found');
    return found;
  };

  const staffConversation = async (id: number) => {
    const found = await getConversation(db, id, 'staff');
    if (!found) throw new AppError('not_found');
    return found;
  };

  const detail = async (found: SupportConversation & { record: unknown }, view: 'merchant' | 'staff'): Promise<SupportConversationDetail> => {
    const { record: _record, ...conversation } = found;
    const messages = await listMessages(db, conversation.id, view);
    // Internal notes are staff's only: the merchant's view does not even carry the key.
    return view === 'staff' ? { ...conversation, messages, internal_notes: await listInternalNotes(db, conversation.id) } : { ...conversation, messages };
  };

  // ------------------------------------------------------------------------------------------ merchant

  const mine = async (userId: number, isStaff: boolean): Promise<{ data: SupportConversation[] }> => ({
    data: await listConversations(db, { merchantId: await merchantOf(userId, isStaff) }, 'merchant'),
  });

  const merchantUnread = async (userId: number, isStaff: boolean): Promise<{ unread: number }> => ({ unread: await countUnread(db, { merchantId: await merchantOf(userId, isStaff) }) });

  /** `saveScreenshot` writes the (already checked) upload; it runs only once the text passed its checks. */
  const open = async (userId: number, isStaff: boolean, input: SupportMessageOutput, saveScreenshot: () => Promise<string | null>): Promise<SupportConversationDetail> => {
    const merchantId = await merchantOf(userId, isStaff);
    const screenshotPath = await saveScreenshot();
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      const conversationId = await insertConversation(tx, { merchantId, authorUserId: userId, subject: input.subject, now });
      await insertMessage(tx, { conversationId, authorUserId: userId, authorKind: 'merchant', body: input.message, screenshotPath, now });
      return conversationId;
    });
    return detail(await ownConversation(merchantId, id), 'merchant');
  };

  const readMine = async (userId: number, isStaff: boolean, id: number): Promise<SupportConversationDetail> => {
    const merchantId = await merchantOf(userId, isStaff);
    const found = await ownConversation(merchantId, id);
    if (found.unread) await updateConversation(db, id, { merchant_unread: false });
    return detail({ ...found, unread: false }, 'merchant');
  };

  const followUp = async (userId: number, isStaff: boolean, id: number, message: string): Promise<SupportConversationDetail> => {
    const merchantId = await merchantOf(userId, isStaff);
    const found = await ownConversation(merchantId, id);
    if (found.state === 'closed') throw new AppError('conversation_closed');
    const now = clock.now();
    await db.transaction(async (tx) => {
      await insertMessage(tx, { conversationId: id, authorUserId: userId, authorKind: 'merchant', body: message, screenshotPath: null, now });
      await updateConversation(tx, id, { state: 'open', staff_unread: true, last_message_at: now });
    });
    return detail(await ownConversation(merchantId, id), 'merchant');
  };

  const myScreenshot = async (userId: number, isStaff: boolean, id: number, messageId: number): Promise<string> => {
    const merchantId = await merchantOf(userId, isStaff);
    await ownConversation(merchantId, id);
    const path = await screenshotOf(db, id, messageId);
    if (!path) throw new AppError('not_found');
    return path;
  };

  // --------------------------------------------------------------------------------------------- staff

  /** A staff change and its audit entry commit together; a refusal is logged as `refused` on its own. */
  const audited = async <T>(actor: SupportStaff, merchantId: number, action: string, details: Record<string, unknown>, change: (tx: Knex.Transaction) => Promise<T>): Promise<T> => {
    const base = { actorUserId: actor.userId, merchantId, action, ip: actor.ip, actorRole: actor.role, details };
    try {
      return await db.transaction(async (tx) => {
        const result = await change(tx);
        await writeAudit(tx, { ...base, at: seconds(clock.now()) });
        return result;
      });
    } catch (error) {
      if (error instanceof DomainError) await writeAudit(db, { ...base, at: seconds(clock.now()), outcome: 'refused', errorCode: error.code });
      throw error;
    }
  };

  const inbox = async (actor: SupportStaff, query: InboxQuery): Promise<{ data: SupportConversation[] }> => ({
    data: await listConversations(
      db,
      { state: query.state, market: query.market, merchantUserId: query.merchant_user_id, assignedTo: query.assigned === 'me' ? actor.userId : undefined },
      'staff',
    ),
  });

  const staffUnread = async (): Promise<{ unread: number }> => ({ unread: await countUnread(db, {}) });

  const readAsStaff = async (id: number): Promise<SupportConversationDetail> => {
    const found = await staffConversation(id);
    if (found.unread) await updateConversation(db, id, { staff_unread: false });
    return detail({ ...found, unread: false }, 'staff');
  };

  const assignToMe = async (actor: SupportStaff, id: number): Promise<SupportConversationDetail> => {
    const found = await staffConversation(id);
    await audited(actor, found.record.merchantId, 'support.assigned', { conversation_id: id }, (tx) => updateConversation(tx, id, { assigned_to_user_id: actor.userId }));
    return readAsStaff(id);
  };

  const reply = async (actor: SupportStaff, id: number, message: string): Promise<SupportConversationDetail> => {
    const found = await staffConversation(id);
    const now = clock.now();
    await audited(actor, found.record.merchantId, 'support.replied', { conversation_id: id }, async (tx) => {
      if (found.record.state === 'closed') throw new AppError('conversation_closed');
      await insertMessage(tx, { conversationId: id, authorUserId: actor.userId, authorKind: 'staff', body: message, screenshotPath: null, now });
      await updateConversation(tx, id, { state: 'answered', merchant_unread: true, staff_unread: false, last_message_at: now });
    });
    // Sent after the commit: the reply is in the back office even when the mail server is down.
    const email = replyEmail(found.record.ownerLocale, { subject: found.record.subject, reply: message, link: `${config.publicUrl}/support/${id}` });
    try {
      await notifier.send({ channel: 'email', to: found.record.ownerEmail, subject: email.subject, text: email.text, html: email.html, kind: 'support_reply' });
    } catch (error) {
      deps.logger?.warn({ err: error, conversation_id: id }, 'support reply e-mail not sent');
    }
    return readAsStaff(id);
  };

  const close = async (actor: SupportStaff, id: number): Promise<SupportConversationDetail> => {
    const found = await staffConversation(id);
    await audited(actor, found.record.merchantId, 'support.closed', { conversation_id: id }, async (tx) => {
      if (found.record.state === 'closed') throw new AppError('conversation_closed');
      await updateConversation(tx, id, { state: 'closed', staff_unread: false });
    });
    return readAsStaff(id);
  };

  /** An internal note: staff only, never e-mailed, changes neither the state nor anyone's unread mark; also on a closed conversation. */
  const addInternalNote = async (actor: SupportStaff, id: number, message: string): Promise<SupportConversationDetail> => {
    const found = await staffConversation(id);
    await audited(actor, found.record.merchantId, 'support.internal_note', { conversation_id: id }, (tx) =>
      insertInternalNote(tx, { conversationId: id, authorUserId: actor.userId, body: message, at: seconds(clock.now()) }),
    );
    return readAsStaff(id);
  };

  const staffScreenshot = async (id: number, messageId: number): Promise<string> => {
    await staffConversation(id);
    const path = await screenshotOf(db, id, messageId);
    if (!path) throw new AppError('not_found');
    return path;
  };

  return { mine, merchantUnread, open, readMine, followUp, myScreenshot, inbox, staffUnread, readAsStaff, assignToMe, reply, close, addInternalNote, staffScreenshot };
};
