import type { AppDeps } from '../../app-deps';
import { invoicePdfAttachment } from '../billing';
import { listOutboxMessages, phonesForEmail } from '../notifications';

const CODE_PATTERN = /\b(\d{6})\b/;
const LINK_PATTERN = /https?:\/\/[^\s<>"')]+/;

export type MailboxEntry = {
  id: number;
  to: string;
  channel: 'email' | 'sms';
  subject: string | null;
  text: string;
  code?: string;
  link?: string;
  /** Files the e-mail carries (an invoice's PDF), rendered as they would be sent; absent when it has none. */
  attachments?: { filename: string; content_type: string; size: number }[];
  created_at: string;
};

/** An invoice PDF's name, type and size, rendered now as the sender would. */
const describeAttachment = async (deps: AppDeps, invoiceId: string): Promise<NonNullable<MailboxEntry['attachments']>[number]> => {
  const file = await invoicePdfAttachment({ db: deps.db, publicUrl: deps.config.publicUrl })(invoiceId);
  return { filename: file.filename, content_type: file.contentType, size: file.content.length };
};

/** The outbox messages to an address (an account's e-mail also lists the SMS sent to its phone), newest first. */
export const createMailboxService = (deps: AppDeps) => ({
  messagesTo: async (to: string): Promise<MailboxEntry[]> => {
    const addresses = to.includes('@') ? [to, ...(await phonesForEmail(deps.db, to))] : [to];
    const messages = await listOutboxMessages(deps.db, deps.config.sessionSecret, addresses);
    const data: MailboxEntry[] = [];
    for (const message of messages) {
      const code = message.text.match(CODE_PATTERN)?.[1];
      const link = message.text.match(LINK_PATTERN)?.[0];
      const attachments = message.attachmentInvoiceId ? [await describeAttachment(deps, message.attachmentInvoiceId)] : [];
      data.push({
        id: message.id,
        to: message.to,
        channel: message.channel,
        subject: message.subject,
        text: message.text,
        ...(code ? { code } : {}),
        ...(link ? { link } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
        created_at: message.createdAt.toISOString(),
      });
    }
    return data;
  },
});
