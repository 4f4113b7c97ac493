import type { Clock } from '../../clock';
import type { Db } from '../../db/knex';
import { insertOutboxMessage } from './notifications.repository';

export type MessageKind =
  | 'login_code'
  | 'login_notice'
  | 'password_reset'
  | 'password_changed'
  | 'activation'
  | 'welcome'
  | 'trial_code'
  | 'merchant_invite'
  | 'invoice_resent'
  | 'support_alert'
  | 'staff_invite'
  | 'support_reply';

export type OutgoingMessage =
  /** `html`, when given, is the e-mail's HTML part (every merchant-written text in it escaped); the outbox keeps `text`. */
  | { channel: 'email'; to: string; subject: string; text: string; html?: string; kind: MessageKind }
  | { channel: 'sms'; to: string; text: string; kind: MessageKind };

/**
 * `delayed`: the mail server did not take the message now; it waits in the outbox and is retried, so the
 * caller can tell the user it may arrive late. Nothing (void) means handed over, or kept for the dev mailbox.
 */
export type SendResult = void | { delayed: true };

/** Every code, link and welcome message leaves the API through this one port. */
export type Notifier = { send: (message: OutgoingMessage) => Promise<SendResult> };

/** Development and test default: messages land in the (encrypted) outbox table, read at /api/dev/mailbox. */
export type OutboxDeps = { db: Db; clock: Clock; secret: string };

/** Writes a message to the outbox (encrypted); `pending` queues it for delivery. Returns its id. */
export const storeMessage = (deps: OutboxDeps, message: OutgoingMessage, status: 'stored' | 'pending' = 'stored'): Promise<number> =>
  insertOutboxMessage(deps.db, deps.secret, {
    channel: message.channel,
    to: message.to,
    subject: message.channel === 'email' ? message.subject : null,
    text: message.text,
    html: message.channel === 'email' ? (message.html ?? null) : null,
    kind: message.kind,
    createdAt: deps.clock.now(),
    status,
  });

export const createOutboxNotifier = (deps: OutboxDeps): Notifier => ({
  send: async (message) => {
    await storeMessage(deps, message);
  },
});
