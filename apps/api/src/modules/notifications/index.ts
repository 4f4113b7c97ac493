// The notifications module's public surface: the notifier every module sends through, and the dev mailbox.
export { notificationsModule } from './notifications.module';
export { createOutboxNotifier, type InvoiceAttachment, type Notifier, type OutgoingMessage, type SendResult } from './notifier';
export { countOutboxBacklog } from './notifications.repository';
export type { MailboxEntry } from './mailbox.routes';
export { contactWord, mailDate, mailDateTime, type MailKey, mailLocaleOf, type MailParams, mailText, periodWord, smsText } from './mail-texts';
/** The SMTP notifier, loaded on demand so nodemailer is only read when SMTP_URL is set. */
export const loadSmtpNotifier = () => import('./smtp-notifier');
