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

/** Every code, link and welcome message leaves the API through this one port. */
export type Notifier = { send: (message: OutgoingMessage) => Promise<void> };

/** Development and test default: messages land in the (encrypted) outbox table, read at /api/dev/mailbox. */
export const createOutboxNotifier = (deps: { db: Db; clock: Clock; secret: string }): Notifier => ({
  send: async (message) => {
    await insertOutboxMessage(deps.db, deps.secret, {
      channel: message.channel,
      to: message.to,
      subject: message.channel === 'email' ? message.subject : null,
      text: message.text,
      kind: message.kind,
      createdAt: deps.clock.now(),
    });
  },
});
