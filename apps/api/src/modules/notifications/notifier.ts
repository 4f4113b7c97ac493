import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { Db } from '../../db/knex';
import { insertOutboxMessage, insertOutboxMessages } from './notifications.repository';

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
  | 'invoice_paid'
  | 'payment_failed'
  | 'subscription_canceled'
  | 'plan_ending'
  | 'plan_canceled_now'
  | 'plan_change_scheduled'
  | 'support_alert'
  | 'staff_invite'
  | 'support_reply'
  | 'contact_changed';

export type OutgoingMessage =
  /** `html`, when given, is the e-mail's HTML part (every merchant-written text in it escaped); the outbox keeps `text`. */
  /** `attachInvoice`: an invoice id; its PDF (`invoice-<number>.pdf`) is rendered and attached when the e-mail is sent. */
  | { channel: 'email'; to: string; subject: string; text: string; html?: string; kind: MessageKind; attachInvoice?: string }
  | { channel: 'sms'; to: string; text: string; kind: MessageKind };

/**
 * `delayed`: the mail server did not take the message now; it waits in the outbox and is retried, so the
 * caller can tell the user it may arrive late. Nothing (void) means handed over, or kept for the dev mailbox.
 */
export type SendResult = void | { delayed: true };

/**
 * Every code, link and welcome message leaves the API through this one port. `send` delivers now (or keeps
 * the message for a retry); `queue` writes the message into the outbox inside the caller's transaction, so a
 * receipt or a payment-failed notice exists exactly when the payment it tells of was committed, and is
 * delivered by the retry timer after the commit (never lost to a crash between the two).
 */
export type Notifier = {
  send: (message: OutgoingMessage) => Promise<SendResult>;
  queue: (exec: Knex.Transaction, messages: OutgoingMessage | readonly OutgoingMessage[]) => Promise<void>;
};

/** Development and test default: messages land in the (encrypted) outbox table, read at /api/dev/mailbox. */
export type OutboxDeps = { db: Db; clock: Clock; secret: string };

const outboxMessage = (deps: OutboxDeps, message: OutgoingMessage, status: 'stored' | 'pending') => ({
  channel: message.channel,
  to: message.to,
  subject: message.channel === 'email' ? message.subject : null,
  text: message.text,
  html: message.channel === 'email' ? (message.html ?? null) : null,
  kind: message.kind,
  attachmentInvoiceId: message.channel === 'email' ? (message.attachInvoice ?? null) : null,
  createdAt: deps.clock.now(),
  status,
});

/** Writes a message to the outbox (encrypted); `pending` queues it for delivery. Returns its id. */
export const storeMessage = (deps: OutboxDeps, message: OutgoingMessage, status: 'stored' | 'pending' = 'stored', exec: Db | Knex.Transaction = deps.db): Promise<number> =>
  insertOutboxMessage(exec, deps.secret, outboxMessage(deps, message, status));

/**
 * Writes messages into the outbox with the caller's transaction, in one statement; `status` says, per message,
 * whether it is to be delivered or only kept.
 */
export const storeMessages = (deps: OutboxDeps, exec: Knex.Transaction, messages: OutgoingMessage | readonly OutgoingMessage[], status: (message: OutgoingMessage) => 'stored' | 'pending'): Promise<void> =>
  insertOutboxMessages(
    exec,
    deps.secret,
    (Array.isArray(messages) ? messages : [messages]).map((message: OutgoingMessage) => outboxMessage(deps, message, status(message))),
  );

export const createOutboxNotifier = (deps: OutboxDeps): Notifier => ({
  send: async (message) => {
    await storeMessage(deps, message);
  },
  queue: (exec, messages) => storeMessages(deps, exec, messages, () => 'stored'),
});

/** An invoice's PDF as an e-mail attachment (the billing module renders it; see main.ts). */
export type InvoiceAttachment = (invoiceId: string) => Promise<{ filename: string; content: Buffer; contentType: 'application/pdf' }>;
