import type { StaffRole, SupportConversation, SupportInboxSort, SupportConversationDetail, SupportMessageOutput, SupportState } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { DomainError } from '../../domain-error';
import { writeAudit } from '../audit';
import { replyEmail } from './support.emails';
import { readSettings } from '../settings';
import {
  countUnread,
  findMerchantIdOfOwner,
  getConversation,
  insertConversation,
  insertInternalNote,
  insertMessage,
  listAssignees,
  listInternalNotes,
  listConversations,
  listMessages,
  screenshotOf,
  updateConversation,
} from './support.repository';

export type SupportStaff = { userId: number; role: StaffRole; ip: string | null };
export type InboxQuery = { state?: SupportState; market?: string; merchant_user_id?: number; assigned?: 'me' | 'anyone' | 'none'; assignee_id?: number; sort?: SupportInboxSort };

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
      // The thread waits from the first message staff have not answered.
      await updateConversation(tx, id, { state: 'open', staff_unread: true, last_message_at: now, ...(found.state === 'open' ? {} : { awaiting_reply_since: now }) });
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

  const inbox = async (actor: SupportStaff, query: InboxQuery): Promise<{ data: SupportConversation[]; reply_target_hours: number }> => {
    const assignedTo = query.assignee_id ?? (query.assigned === 'me' ? actor.userId : query.assigned === 'none' ? null : undefined);
    const [data, settings] = await Promise.all([
      listConversations(db, { state: query.state, market: query.market, merchantUserId: query.merchant_user_id, assignedTo, sort: query.sort }, 'staff'),
      readSettings(db),
    ]);
    return { data, reply_target_hours: settings.inboxReplyTargetHours };
  };

  const assignees = async (): Promise<{ data: { id: number; name: string; email: string }[] }> => ({ data: await listAssignees(db) });

  const staffUnread = async (): Promise<{ unread: number }> => ({ unread: await countUnread(db, {}) });

  /** Marks the thread read for staff, unless the reader is read-only staff (who change nothing, not even that). */
  const readAsStaff = async (id: number, reader?: { role: StaffRole }): Promise<SupportConversationDetail> => {
    const found = await staffConversation(id);
    if (reader?.role === 'readonly') return detail(found, 'staff');
    if (found.unread) await updateConversation(db, id, { staff_unread: false });
    return detail({ ...found, unread: false }, 'staff');
  };

  /** Assigns the thread to `assigneeId` (an active support or superadmin member), to the actor when undefined, or to nobody (null). */
  const assign = async (actor: SupportStaff, id: number, assigneeId: number | null | undefined): Promise<SupportConversationDetail> => {
    const found = await staffConversation(id);
    const target = assigneeId === undefined ? actor.userId : assigneeId;
    const before = found.assignee?.id ?? null;
    await audited(actor, found.record.merchantId, 'support.assigned', { conversation_id: id, assignee_id: target, previous_assignee_id: before }, async (tx) => {
      if (target !== null && !(await listAssignees(tx)).some((member) => member.id === target)) {
        throw new AppError('validation_failed', { details: { fields: { assignee_id: 'validation:support.assigneeInvalid' } } });
      }
      await updateConversation(tx, id, { assigned_to_user_id: target });
    });
    return readAsStaff(id);
  };

  const reply = async (actor: SupportStaff, id: number, message: string): Promise<SupportConversationDetail> => {
    const found = await staffConversation(id);
    const now = clock.now();
    await audited(actor, found.record.merchantId, 'support.replied', { conversation_id: id }, async (tx) => {
      if (found.record.state === 'closed') throw new AppError('conversation_closed');
      await insertMessage(tx, { conversationId: id, authorUserId: actor.userId, authorKind: 'staff', body: message, screenshotPath: null, now });
      await updateConversation(tx, id, { state: 'answered', merchant_unread: true, staff_unread: false, last_message_at: now, awaiting_reply_since: null });
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
      await updateConversation(tx, id, { state: 'closed', staff_unread: false, awaiting_reply_since: null });
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

  return { mine, merchantUnread, open, readMine, followUp, myScreenshot, inbox, assignees, staffUnread, readAsStaff, assign, reply, close, addInternalNote, staffScreenshot };
};
