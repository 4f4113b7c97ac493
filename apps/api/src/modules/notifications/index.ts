// The notifications module's public surface: the notifier every module sends through and its outbox.
export { createOutboxNotifier, type InvoiceAttachment, type Notifier, type OutgoingMessage, type SendResult } from './notifier';
export { countOutboxBacklog, listOutboxMessages, type OutboxMessage, phonesForEmail } from './notifications.repository';
export { contactWord, mailDate, mailDateTime, type MailKey, mailLocaleOf, type MailParams, mailText, periodWord, smsText, textsIn } from './mail-texts';
/** The SMTP notifier, loaded on demand so nodemailer is only read when SMTP_URL is set. */
export const loadSmtpNotifier = () => import('./smtp-notifier');
