// The notifications module's public surface: the notifier every module sends through, and the dev mailbox.
export { notificationsModule } from './notifications.module';
export { createOutboxNotifier, createSmtpNotifier, type Notifier } from './notifier';
