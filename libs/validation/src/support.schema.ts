import { z } from 'zod';
import { optionalPositiveId, positiveId } from './fields.js';
import { supportInternalNoteRowSchema } from './staff-notes.schema.js';

/*
 * The support inbox (issue 11 part 4): merchants write from the back office, staff answer from the console.
 * Text is plain text everywhere: clients render it as text, the e-mail's HTML part escapes it.
 */

export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;
export const SUPPORT_STATES = ['open', 'answered', 'closed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];
export const SUPPORT_MARKETS = ['MY', 'SG', 'PH', 'TH', 'TW'] as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const messageField = z
  .string({ error: 'validation:support.messageRequired' })
  .trim()
  .min(1, { error: 'validation:support.messageRequired' })
  .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: 'validation:support.messageTooLong' });

/** POST /api/support/conversations (multipart: these fields plus an optional `screenshot` image). */
export const supportMessageSchema = z.object({
  subject: z
    .string({ error: 'validation:support.subjectRequired' })
    .trim()
    .min(1, { error: 'validation:support.subjectRequired' })
    .max(SUPPORT_SUBJECT_MAX_LENGTH, { error: 'validation:support.subjectTooLong' }),
  message: messageField,
});
export type SupportMessageInput = z.input<typeof supportMessageSchema>;
export type SupportMessageOutput = z.output<typeof supportMessageSchema>;

/** POST /api/support/conversations/:id/messages (merchant) and /api/staff/support/:id/replies (staff). */
export const supportReplySchema = z.object({ message: messageField });
export type SupportReplyInput = z.input<typeof supportReplySchema>;

/** Inbox orders: latest message first (the default), oldest thread first, longest waiting for an answer first. */
export const SUPPORT_INBOX_SORTS = ['recent', 'age', 'waiting'] as const;
export type SupportInboxSort = (typeof SUPPORT_INBOX_SORTS)[number];
export const SUPPORT_ASSIGNED_FILTERS = ['me', 'anyone', 'none'] as const;

/** GET /api/staff/support */
export const supportInboxQuerySchema = z.object({
  state: z.preprocess(blankToUndefined, z.enum(SUPPORT_STATES, { error: 'validation:support.stateInvalid' }).optional()),
  market: z.preprocess(blankToUndefined, z.enum(SUPPORT_MARKETS, { error: 'validation:support.marketInvalid' }).optional()),
  merchant_user_id: optionalPositiveId(),
  /** `me`: assigned to the signed-in staff member; `none`: nobody's yet. */
  assigned: z.preprocess(blankToUndefined, z.enum(SUPPORT_ASSIGNED_FILTERS, { error: 'validation:support.assignedInvalid' }).optional()),
  /** Threads of one staff member (overrides `assigned`). */
  assignee_id: optionalPositiveId('validation:support.assigneeInvalid'),
  sort: z.preprocess(blankToUndefined, z.enum(SUPPORT_INBOX_SORTS, { error: 'validation:support.sortInvalid' }).default('recent')),
});

/**
 * POST /api/staff/support/:id/assign: to a staff member who can answer (support or superadmin, active), or
 * `null` to leave it unassigned; without a body, to the signed-in staff member.
 */
export const supportAssignSchema = z
  .object({ assignee_id: z.preprocess((value) => (value === '' ? null : value), positiveId('validation:support.assigneeInvalid').nullable().optional()) })
  .optional();
export type SupportAssignInput = z.input<typeof supportAssignSchema>;
export type SupportInboxQuery = z.input<typeof supportInboxQuerySchema>;

export const supportMessageRowSchema = z.object({
  id: z.number().int(),
  author: z.enum(['merchant', 'staff']),
  /** Staff names stay hidden from merchants: null in the back office. */
  author_name: z.string().nullable(),
  body: z.string(),
  has_screenshot: z.boolean(),
  created_at: z.number().int(),
});
export type SupportMessageRow = z.infer<typeof supportMessageRowSchema>;

export const supportConversationSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  state: z.enum(SUPPORT_STATES),
  unread: z.boolean(),
  last_message_at: z.number().int(),
  created_at: z.number().int(),
  merchant: z.object({ user_id: z.number().int(), name: z.string(), market: z.string().nullable() }).optional(),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** Staff view: since when the merchant's oldest unanswered message waits (unix seconds); null when answered. */
  awaiting_reply_since: z.number().int().nullable().optional(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const supportConversationDetailSchema = supportConversationSchema.extend({
  messages: z.array(supportMessageRowSchema),
  /** Staff only (issue 27): notes staff left for each other. The merchant's calls never carry this key. */
  internal_notes: z.array(supportInternalNoteRowSchema).optional(),
});
export type SupportConversationDetail = z.infer<typeof supportConversationDetailSchema>;

export const supportConversationListSchema = z.object({
  data: z.array(supportConversationSchema),
  /** Staff view: how long a merchant should wait for an answer at most (the console setting). */
  reply_target_hours: z.number().int().optional(),
});

/** GET /api/staff/support/assignees: the staff members a thread can be assigned to. */
export const supportAssigneesSchema = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })) });
export type SupportAssignees = z.infer<typeof supportAssigneesSchema>;
export type SupportConversationList = z.infer<typeof supportConversationListSchema>;

export const supportUnreadSchema = z.object({ unread: z.number().int() });

/** GET /api/support/conversations/:id and /api/staff/support/:id, and every write on a conversation. */
export const supportConversationEnvelopeSchema = z.object({ data: supportConversationDetailSchema });
