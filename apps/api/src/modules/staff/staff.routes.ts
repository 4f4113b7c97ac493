import { staffRoleOf } from '@merchant-hub/domain';
import { createHash } from 'node:crypto';
import {
  optionalPositiveId,
  optionalSearchText,
  approvalsQuerySchema,
  auditQuerySchema,
  clockAdvanceSchema,
  creditAdjustmentPreviewSchema,
  creditAdjustmentSchema,
  IDEMPOTENCY_KEY_HEADER,
  merchantDirectoryQuerySchema,
  pageQuerySchema,
  reasonSchema,
  refundPreviewSchema,
  refundSchema,
  gatewayNoticesQuerySchema,
  merchantNotePinSchema,
  merchantNoteSchema,
  merchantTagField,
  merchantTagSchema,
  staffSearchQuerySchema,
  SUBSCRIPTION_CONTROLS,
  subscriptionControlPreviewSchemas,
  subscriptionControlSchemas,
  type StaffRole,
} from '@merchant-hub/validation';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../http/auth';
import { AppError } from '../../http/errors';
import { route, type RouteTable } from '../../http/route-table';
import { CONTROL_ACTIONS } from './services/subscription-controls.service';
import { createStaffService, type StaffActor } from './staff.service';

export const merchantsQuerySchema = z.object({ search: optionalSearchText() });
export const legacyAuditQuerySchema = z.object({
  user_id: optionalPositiveId(),
  before: optionalPositiveId(),
});

const idempotencyKeySchema = z.string().trim().min(1).max(255).optional();

/** `:userId` and friends: a malformed id is simply not found. */
const positiveParam = (name: string): RequestHandler => (req, _res, next) => {
  if (!/^[1-9]\d{0,9}$/.test(String(req.params[name]))) throw new AppError('not_found');
  next();
};
const userIdOf = (req: Request): number => Number(req.params.userId);
const param = (req: Request, name: string): string => String(req.params[name]);

const CONTROL_SUMMARIES: Record<(typeof SUBSCRIPTION_CONTROLS)[number], string> = {
  'cancel-now': 'cancel the plan now (with or without prorated credit; its open invoices are voided)',
  'cancel-at-period-end': 'set the plan to end at the end of its period',
  'extend-grace': 'push a past-due plan’s next payment attempt back by 1–30 days',
  'billing-day': 'move the billing day (1–28): the current period runs on to it, free',
  'comp-month': 'give a free month as a credit note (four-eyes above the threshold)',
  reinstate: 'reinstate a plan dunning ended (past due again, its invoice owed again)',
};

const actorOf = (req: Request, res: Response): StaffActor => {
  const auth = authOf(res);
  const role: StaffRole = staffRoleOf(auth.roles) ?? 'support';
  return { userId: auth.userId, role, ip: req.ip ?? null };
};

/** What support and superadmin use to find merchants, look after them and see what staff did (issue 10). */
export const staffRoutes = (deps: AppDeps): RouteTable => {
  const service = createStaffService(deps);

  /**
   * A staff write: the Idempotency-Key header (optional, sent by the console on every write) makes a repeat
   * answer the first answer; the same key with another body is refused (422) and changes nothing.
   */
  const write = async (req: Request, res: Response, status: number, run: () => Promise<unknown>): Promise<void> => {
    const key = idempotencyKeySchema.safeParse(req.get(IDEMPOTENCY_KEY_HEADER) ?? undefined);
    if (!key.success) throw new AppError('validation_failed', { details: { fields: { [IDEMPOTENCY_KEY_HEADER]: 'validation:common.textTooLong' } } });
    // A DELETE names what it removes in its path: a body it may carry means nothing and is not read (nor hashed:
    // no schema has checked it, and a 5,000-deep one would overflow JSON.stringify).
    const body = req.method === 'DELETE' ? '{}' : JSON.stringify(req.body ?? {});
    const hash = createHash('sha256').update(`${req.method} ${req.originalUrl.split('?')[0]} ${body}`).digest('hex');
    const answer = await service.idempotent(authOf(res).userId, key.data, hash, async () => ({ status, body: await run() }));
    res.status(answer.status).json(answer.body);
  };

  const userParam = [positiveParam('userId')];
  const noteParams = [positiveParam('userId'), positiveParam('noteId')];
  const noteIdOf = (req: Request): number => Number(req.params.noteId);

  return [
    route({
      method: 'get',
      path: '/staff/me',
      summary: 'Staff only: the signed-in staff member and role (re-read from the database on every request)',
      auth: 'staff',
      handler: ({ req, res }) => service.me(authOf(res).userId, actorOf(req, res).role),
    }),
    route({
      method: 'get',
      path: '/staff/merchants',
      summary: 'Staff only: merchant directory — search (merchant, store, e-mail, phone), filters, sort, opaque cursor',
      auth: 'staff',
      query: merchantDirectoryQuerySchema,
      handler: ({ input }) => service.directory(input),
    }),
    route({
      method: 'get',
      path: '/staff/search',
      summary: 'Staff only: global search — invoice number, payment or PaymentIntent id, ECPay MerchantTradeNo, card last 4 with amount ("4242 99.00"), e-mail, phone, merchant or store name; results grouped by kind',
      auth: 'staff',
      query: staffSearchQuerySchema,
      handler: ({ input }) => service.search(input),
    }),
    route({
      method: 'get',
      path: '/staff/merchants/attention-counts',
      summary: 'Staff only: how many merchants need attention (past due, failed payments and grace periods ending in 7 days)',
      auth: 'staff',
      handler: () => service.attentionCounts(),
    }),
    route({
      method: 'get',
      path: '/staff/merchants/:userId',
      summary: 'Staff only: one merchant — owner, stores, users, plan, next billing, MRR, credit, cards, open invoices',
      auth: 'staff',
      use: userParam,
      handler: ({ req }) => service.detail(userIdOf(req)),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/visits',
      summary: 'Staff only: log one "viewed" audit entry per visit (repeats within 30 minutes write nothing)',
      auth: 'staff',
      use: userParam,
      audit: 'merchant.viewed',
      readOnlySafe: 'Logs a look, which read-only staff take too',
      handler: ({ req, res }) => service.recordVisit(actorOf(req, res), userIdOf(req)),
    }),
    route({
      method: 'get',
      path: '/staff/merchants/:userId/timeline',
      summary: 'Staff only: everything that happened to the account, newest first, with a cursor',
      auth: 'staff',
      use: userParam,
      query: pageQuerySchema,
      handler: ({ req, input }) => service.timeline(userIdOf(req), input),
    }),
    route({
      method: 'get',
      path: '/staff/merchants/:userId/notes',
      summary: 'Staff only: the internal notes on a merchant, pinned first, then newest first (never shown to the merchant)',
      auth: 'staff',
      use: userParam,
      handler: ({ req }) => service.notes(userIdOf(req)),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/notes',
      summary: 'Staff only: add an internal note on a merchant (1–2,000 characters; at most 200 notes a merchant, then 409 note_limit_reached)',
      auth: 'staff',
      use: userParam,
      body: merchantNoteSchema,
      audit: 'merchant.note_added',
      handler: ({ req, res, input }) => write(req, res, 201, () => service.addNote(actorOf(req, res), userIdOf(req), input.body)),
    }),
    route({
      method: 'patch',
      path: '/staff/merchants/:userId/notes/:noteId',
      summary: 'Staff only: edit the text of one of your own notes (403 for another staff member’s)',
      auth: 'staff',
      use: noteParams,
      body: merchantNoteSchema,
      audit: 'merchant.note_edited',
      handler: ({ req, res, input }) => write(req, res, 200, () => service.editNote(actorOf(req, res), userIdOf(req), noteIdOf(req), input.body)),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/notes/:noteId/pin',
      summary: 'Staff only: pin (`pinned: true`) or unpin a note; pinned notes lead the merchant page',
      auth: 'staff',
      use: noteParams,
      body: merchantNotePinSchema,
      audit: (input) => (input.pinned ? 'merchant.note_pinned' : 'merchant.note_unpinned'),
      handler: ({ req, res, input }) => write(req, res, 200, () => service.pinNote(actorOf(req, res), userIdOf(req), noteIdOf(req), input.pinned)),
    }),
    route({
      method: 'delete',
      path: '/staff/merchants/:userId/notes/:noteId',
      summary: 'Staff only: delete one of your own notes (a superadmin may delete any; 403 otherwise); the audit log keeps its text',
      auth: 'staff',
      use: noteParams,
      audit: 'merchant.note_deleted',
      handler: ({ req, res }) => write(req, res, 200, () => service.removeNote(actorOf(req, res), userIdOf(req), noteIdOf(req))),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/tags',
      summary: 'Staff only: tag a merchant (normalised: lower case, spaces as hyphens; 1–32 letters, digits, - or _; at most 20 a merchant, then 409 tag_limit_reached); answers its tags',
      auth: 'staff',
      use: userParam,
      body: merchantTagSchema,
      audit: 'merchant.tag_added',
      handler: ({ req, res, input }) => write(req, res, 200, () => service.addTag(actorOf(req, res), userIdOf(req), input.tag)),
    }),
    route({
      method: 'delete',
      path: '/staff/merchants/:userId/tags/:tag',
      summary: 'Staff only: remove a tag from a merchant (404 when it does not carry it); answers its tags',
      auth: 'staff',
      use: userParam,
      params: z.object({ userId: z.string(), tag: merchantTagField }),
      audit: 'merchant.tag_removed',
      handler: ({ req, res, params }) => write(req, res, 200, () => service.removeTag(actorOf(req, res), userIdOf(req), params.tag)),
    }),
    route({
      method: 'get',
      path: '/staff/tags',
      summary: 'Staff only: every tag in use and on how many merchants, most used first (the directory’s tag filter)',
      auth: 'staff',
      handler: () => service.tags(),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/credit-adjustments/preview',
      summary: 'Staff only: the balance before and after a credit adjustment, and the token its commit must carry',
      auth: 'staff',
      notAudited: 'A preview changes nothing; its commit is audited',
      use: userParam,
      body: creditAdjustmentPreviewSchema,
      handler: ({ req, res, input }) => service.previewCredit(actorOf(req, res), userIdOf(req), input),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/credit-adjustments',
      summary: 'Staff only: apply a previewed credit adjustment as a ledger entry (or ask for approval above the threshold); 409 stale_preview',
      auth: 'staff',
      use: userParam,
      body: creditAdjustmentSchema,
      audit: 'credit.adjust',
      handler: ({ req, res, input }) => write(req, res, 201, () => service.commitCredit(actorOf(req, res), userIdOf(req), input)),
    }),
    route({
      method: 'post',
      path: '/staff/credit-adjustments/:id/reverse',
      summary: 'Staff only: undo an applied adjustment with a linked reversing ledger entry',
      auth: 'staff',
      body: reasonSchema,
      audit: 'credit.reverse',
      handler: ({ req, res, input }) => write(req, res, 201, () => service.reverse(actorOf(req, res), param(req, 'id'), input.reason)),
    }),
    // Subscription controls (issue 27 capability 3): preview, then commit with the preview's token and a reason.
    ...SUBSCRIPTION_CONTROLS.flatMap((control) => [
      route({
        method: 'post',
        path: `/staff/merchants/:userId/subscription/${control}/preview`,
        summary: `Staff only: what "${CONTROL_SUMMARIES[control]}" would change (dates, invoices, credit, approval) and the token its commit must carry`,
        auth: 'staff',
        notAudited: 'A preview changes nothing; its commit is audited',
        use: userParam,
        body: subscriptionControlPreviewSchemas[control],
        handler: ({ req, res, input }) => service.previewControl(actorOf(req, res), userIdOf(req), control, input),
      }),
      route({
        method: 'post',
        path: `/staff/merchants/:userId/subscription/${control}`,
        summary: `Staff only: ${CONTROL_SUMMARIES[control]}, as previewed, with a reason; 409 stale_preview when the account changed since`,
        auth: 'staff',
        use: userParam,
        body: subscriptionControlSchemas[control],
        audit: CONTROL_ACTIONS[control],
        handler: ({ req, res, input }) => write(req, res, 200, () => service.commitControl(actorOf(req, res), userIdOf(req), control, input)),
      }),
    ]),
    route({
      method: 'get',
      path: '/staff/approvals',
      summary: 'Staff only: credit adjustments waiting for (or decided by) a second staff member',
      auth: 'staff',
      query: approvalsQuerySchema,
      handler: ({ input }) => service.approvals(input.status),
    }),
    route({
      method: 'get',
      path: '/staff/approvals/count',
      summary: 'Staff only: how many adjustments wait for a decision the signed-in staff member may take (not their own requests)',
      auth: 'staff',
      handler: ({ req, res }) => service.approvalCount(actorOf(req, res)),
    }),
    route({
      method: 'post',
      path: '/staff/approvals/:id/approve',
      summary: 'Staff only: approve another staff member’s adjustment (403 approval_own_request for your own)',
      auth: 'staff',
      body: reasonSchema,
      audit: 'credit.approve',
      handler: ({ req, res, input }) => write(req, res, 200, () => service.decide(actorOf(req, res), param(req, 'id'), 'approve', input.reason)),
    }),
    route({
      method: 'post',
      path: '/staff/approvals/:id/reject',
      summary: 'Staff only: reject another staff member’s adjustment',
      auth: 'staff',
      body: reasonSchema,
      audit: 'credit.reject',
      handler: ({ req, res, input }) => write(req, res, 200, () => service.decide(actorOf(req, res), param(req, 'id'), 'reject', input.reason)),
    }),
    ...(['void', 'mark-uncollectible', 'resend'] as const).map((action) =>
      route({
        method: 'post',
        path: `/staff/invoices/:invoiceId/${action}`,
        summary: `Staff only: ${action === 'void' ? 'void an open invoice (credit it took is returned)' : action === 'resend' ? 'e-mail an open invoice again' : 'mark an open invoice uncollectible'}; 409 invoice_not_open`,
        auth: 'staff',
        body: reasonSchema,
        audit: action === 'void' ? 'invoice.void' : action === 'resend' ? 'invoice.resend' : 'invoice.mark_uncollectible',
        handler: ({ req, res, input }) => write(req, res, 200, () => service.invoiceAction(actorOf(req, res), param(req, 'invoiceId'), action, input.reason)),
      }),
    ),
    route({
      method: 'get',
      path: '/staff/merchants/:userId/refundable-invoices',
      summary: 'Staff only: the merchant’s latest paid invoices, their credit notes and what is left to refund on each',
      auth: 'staff',
      use: userParam,
      handler: ({ req }) => service.refundableInvoices(userIdOf(req)),
    }),
    route({
      method: 'post',
      path: '/staff/invoices/:invoiceId/refunds/preview',
      summary: 'Staff only: what a refund of a paid invoice would give back, whether it needs a second staff member, and the token its commit must carry',
      auth: 'staff',
      notAudited: 'A preview changes nothing; its commit is audited',
      body: refundPreviewSchema,
      handler: ({ req, res, input }) => service.previewRefund(actorOf(req, res), param(req, 'invoiceId'), input),
    }),
    route({
      method: 'post',
      path: '/staff/invoices/:invoiceId/refunds',
      summary: 'Staff only: refund all or part of a paid invoice (card, FPX, ECPay) with a reason; above the four-eyes threshold it waits for approval',
      auth: 'staff',
      audit: 'refund.create',
      body: refundSchema,
      handler: ({ req, res, input }) => write(req, res, 201, () => service.commitRefund(actorOf(req, res), param(req, 'invoiceId'), input)),
    }),
    route({
      method: 'get',
      path: '/staff/refund-approvals',
      summary: 'Staff only: refunds waiting for a second staff member',
      auth: 'staff',
      handler: () => service.refundApprovals(),
    }),
    ...(['approve', 'reject'] as const).map((decision) =>
      route({
        method: 'post',
        path: `/staff/refunds/:refundId/${decision}`,
        summary: `Staff only: ${decision} a refund another staff member asked for`,
        auth: 'staff',
        audit: `refund.${decision}`,
        body: reasonSchema,
        handler: ({ req, res, input }) => write(req, res, 200, () => service.decideRefund(actorOf(req, res), param(req, 'refundId'), decision, input.reason)),
      }),
    ),
    route({
      method: 'post',
      path: '/staff/refunds/:refundId/retry',
      summary: 'Staff only: ask the gateway again (same idempotency key) for a refund whose answer was lost',
      auth: 'staff',
      audit: 'refund.retry',
      body: reasonSchema,
      handler: ({ req, res, input }) => write(req, res, 200, () => service.retryRefund(actorOf(req, res), param(req, 'refundId'), input.reason)),
    }),
    route({
      method: 'get',
      path: '/staff/gateway-notices',
      summary: 'Staff only: what the gateways reported outside our calls (refused ECPay notifications, refunds and disputes), open ones first',
      auth: 'staff',
      query: gatewayNoticesQuerySchema,
      handler: ({ input }) => service.gatewayNotices(input.status),
    }),
    route({
      method: 'post',
      path: '/staff/gateway-notices/:noticeId/review',
      summary: 'Staff only: mark a gateway notice reviewed',
      auth: 'staff',
      audit: 'gateway_notice.review',
      use: [positiveParam('noticeId')],
      body: reasonSchema,
      handler: ({ req, res, input }) => write(req, res, 200, () => service.reviewNotice(actorOf(req, res), Number(req.params.noticeId), input.reason)),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/password-reset',
      summary: 'Staff only: send the owner the accounts password-reset link',
      auth: 'staff',
      use: userParam,
      body: reasonSchema,
      audit: 'merchant.password_reset',
      handler: ({ req, res, input }) => write(req, res, 200, () => service.passwordReset(actorOf(req, res), userIdOf(req), input.reason)),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/wizard-invite',
      summary: 'Staff only: e-mail the owner a fresh set-up (activation) link while set-up is pending; 409 setup_already_complete',
      auth: 'staff',
      use: userParam,
      body: reasonSchema,
      audit: 'merchant.wizard_invite',
      handler: ({ req, res, input }) => write(req, res, 200, () => service.setupInvite(actorOf(req, res), userIdOf(req), input.reason)),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/lift-sign-in-ban',
      summary: 'Staff only: lift the one-time-code sign-in ban of the owner',
      auth: 'staff',
      use: userParam,
      body: reasonSchema,
      audit: 'merchant.lift_sign_in_ban',
      handler: ({ req, res, input }) => write(req, res, 200, () => service.liftSignInBan(actorOf(req, res), userIdOf(req), input.reason)),
    }),
    route({
      method: 'get',
      path: '/staff/audit',
      summary: 'Staff only: the audit log — who, merchant, action, reason, IP, before/after, outcome — filtered, newest first',
      auth: 'staff',
      query: auditQuerySchema,
      handler: ({ input }) => service.audit(input),
    }),
    route({
      method: 'get',
      path: '/staff/audit.csv',
      summary: 'Staff only: the filtered audit log as a CSV download',
      auth: 'staff',
      query: auditQuerySchema,
      handler: async ({ input, res }) => {
        const csv = await service.auditCsv(input);
        res.set('Content-Disposition', 'attachment; filename="audit-log.csv"').type('text/csv').send(csv);
      },
    }),
    route({
      method: 'get',
      path: '/staff/merchants/:userId/clock',
      summary: 'Staff only, sandbox gateway only: the merchant’s test clock and next renewal',
      auth: 'staff',
      use: userParam,
      handler: ({ req }) => service.clockOf(userIdOf(req)),
    }),
    route({
      method: 'post',
      path: '/staff/merchants/:userId/clock/advance',
      summary: 'Staff only, sandbox gateway only: advance the merchant’s test clock and list what billing did',
      auth: 'staff',
      use: userParam,
      body: clockAdvanceSchema,
      audit: 'clock.advance',
      handler: ({ req, res, input }) => write(req, res, 200, () => service.advanceClock(actorOf(req, res), userIdOf(req), input)),
    }),
    route({
      method: 'get',
      path: '/users/staff-access',
      summary: 'The merchant’s own view: when staff looked at or changed the account, and why',
      auth: 'user',
      handler: ({ res }) => service.staffAccess(authOf(res).userId),
    }),
    // Legacy calls the act-on-behalf store chooser and older tools read.
    route({
      method: 'get',
      path: '/merchants',
      summary: 'Staff only: merchant stores to act for (id, inventory_stores, users.auth_server_user_id)',
      auth: 'staff',
      query: merchantsQuerySchema,
      handler: ({ input }) => service.stores(input.search),
    }),
    route({
      method: 'get',
      path: '/staff/audit-log',
      summary: 'Staff only: what staff did, newest first (user_id filters by merchant; legacy shape)',
      auth: 'staff',
      query: legacyAuditQuerySchema,
      handler: ({ input }) => service.legacyAudit({ userId: input.user_id, before: input.before }),
    }),
  ];
};
