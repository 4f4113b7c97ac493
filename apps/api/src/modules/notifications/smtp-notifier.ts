import nodemailer from 'nodemailer';
import type { Clock } from '../../clock';
import type { Db } from '../../db/knex';
import { type InvoiceAttachment, type Notifier, storeMessage, storeMessages } from './notifier';
import { claimOutboxMessage, dueOutboxIds, markOutboxRetry, markOutboxSent, readOutboxMessage } from './notifications.repository';

/** First retry after 30 s, doubling each time, never more than an hour apart; a message is never dropped. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 60 * 60_000;
/** How long one attempt holds a message against other instances (longer than any SMTP timeout below). */
const CLAIM_MS = 2 * 60_000;

export const retryDelayMs = (attempts: number): number => Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));

export type SmtpNotifierDeps = {
  smtpUrl: string;
  from: string;
  db: Db;
  clock: Clock;
  secret: string;
  /** Renders an invoice's PDF for a message that carries one (`attachInvoice`); without it such mail is retried. */
  invoiceAttachment?: InvoiceAttachment;
  /** Connection and reply timeouts of one attempt: a hung mail server must not hold a sign-in for minutes. */
  timeoutMs?: number;
};

export type SmtpNotifier = Notifier & {
  /** Sends every pending message whose next attempt is due; what the retry timer runs. */
  deliverDue: () => Promise<{ sent: number; failed: number }>;
  /** Retries due messages every `intervalMs` until stopped. */
  start: (intervalMs?: number) => { stop: () => void };
  close: () => void;
};

/**
 * E-mail through SMTP, always by way of the outbox: a message is written (encrypted) first, then sent; when
 * the server refuses or does not answer it stays pending and is retried with capped exponential backoff.
 * There is no SMS provider, so text messages stay in the outbox. In its own file so that nodemailer loads
 * only when SMTP_URL is set (main.ts imports this lazily).
 */
export const createSmtpNotifier = (deps: SmtpNotifierDeps): SmtpNotifier => {
  const timeout = deps.timeoutMs ?? 10_000;
  const renderAttachment = (invoiceId: string) => {
    if (!deps.invoiceAttachment) throw new Error('no invoice renderer: the message waits for one');
    return deps.invoiceAttachment(invoiceId);
  };
  const transport = nodemailer.createTransport({ url: deps.smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } as never);

  /** One attempt at one claimed message; true when the server took it. */
  const attempt = async (id: number): Promise<boolean> => {
    const message = await readOutboxMessage(deps.db, deps.secret, id);
    if (!message) return false;
    try {
      const attachments = message.attachmentInvoiceId ? [await renderAttachment(message.attachmentInvoiceId)] : [];
      await transport.sendMail({
        from: deps.from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      await markOutboxSent(deps.db, id, deps.clock.now());
      return true;
    } catch (error) {
      const attempts = message.attempts + 1;
      await markOutboxRetry(deps.db, id, attempts, new Date(deps.clock.now().getTime() + retryDelayMs(attempts)), error instanceof Error ? error.message : String(error));
      return false;
    }
  };

  const claim = (id: number) => {
    const now = deps.clock.now();
    return claimOutboxMessage(deps.db, id, now, new Date(now.getTime() + CLAIM_MS));
  };

  const deliverDue = async () => {
    const result = { sent: 0, failed: 0 };
    for (const id of await dueOutboxIds(deps.db, deps.clock.now(), 100)) {
      if (!(await claim(id))) continue;
      if (await attempt(id)) result.sent += 1;
      else result.failed += 1;
    }
    return result;
  };

  return {
    send: async (message) => {
      const pending = message.channel === 'email';
      const id = await storeMessage(deps, message, pending ? 'pending' : 'stored');
      if (!pending || !(await claim(id))) return;
      if (!(await attempt(id))) return { delayed: true };
    },
    // Written with the caller's transaction; the retry timer (deliverDue) sends it once committed.
    queue: (exec, messages) => storeMessages(deps, exec, messages, (message) => (message.channel === 'email' ? 'pending' : 'stored')),
    deliverDue,
    start: (intervalMs = 15_000) => {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        void deliverDue()
          .catch(() => undefined)
          .finally(() => {
            busy = false;
          });
      }, intervalMs);
      timer.unref();
      return { stop: () => clearInterval(timer) };
    },
    close: () => transport.close(),
  };
};
