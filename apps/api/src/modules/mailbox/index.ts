// The development mailbox (ARCHITECTURE.md "Contracts"): the outbox as a page and as JSON, never in production.
// It sits above notifications (whose outbox it reads) and billing (whose invoice PDFs it describes).
export { mailboxModule } from './mailbox.module';
export type { MailboxEntry } from './mailbox.service';
