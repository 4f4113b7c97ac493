import path from 'node:path';
import { staffRoleOf } from '@merchant-hub/domain';
import { positiveId, supportAssignSchema, supportInboxQuerySchema, supportInternalNoteSchema, supportMessageSchema, supportReplySchema, type StaffRole } from '@merchant-hub/validation';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../http/auth';
import { route, type RouteTable } from '../../http/route-table';
import { checkImage, imageUpload, saveImage } from '../../http/uploads';
import { createSupportService, type SupportStaff } from './support.service';

const idParams = z.object({ id: positiveId() });
const screenshotParams = z.object({ id: positiveId(), messageId: positiveId() });

const staffOf = (req: Request, res: Response): SupportStaff => {
  const auth = authOf(res);
  const role: StaffRole = staffRoleOf(auth.roles) ?? 'support';
  return { userId: auth.userId, role, ip: req.ip ?? null };
};

/** Screenshots are private: sent only through these authorised calls, never from the public /api/uploads. */
const sendScreenshot = (deps: AppDeps, res: Response, relative: string): void => {
  res.set('Cache-Control', 'private, no-store');
  res.set('Content-Disposition', 'inline');
  res.type(relative.endsWith('.png') ? 'image/png' : 'image/jpeg');
  res.sendFile(path.join(deps.config.uploadDir, relative));
};

/** The support inbox (issue 11 part 4): merchant calls under /support, staff calls under /staff/support. */
export const supportRoutes = (deps: AppDeps): RouteTable => {
  const service = createSupportService(deps);
  const who = (res: Response) => {
    const auth = authOf(res);
    return [auth.userId, auth.isStaff] as const;
  };
  return [
    route({
      method: 'get',
      path: '/support/conversations',
      summary: "Merchant: its own support conversations, newest first (staff are refused: they answer from the inbox)",
      auth: 'user',
      handler: ({ res }) => service.mine(...who(res)),
    }),
    route({
      method: 'get',
      path: '/support/unread',
      summary: 'Merchant: how many of its conversations have a reply it has not read',
      auth: 'user',
      handler: ({ res }) => service.merchantUnread(...who(res)),
    }),
    route({
      method: 'post',
      path: '/support/conversations',
      summary: 'Merchant: write to support — subject, message and an optional JPG/PNG screenshot under 2 MB (multipart field "screenshot")',
      auth: 'user',
      notAudited: 'Merchants only: staff are refused (they answer from the inbox, which is audited)',
      multipart: supportMessageSchema,
      use: [imageUpload.single('screenshot')],
      body: supportMessageSchema,
      handler: async ({ input, req, res }) => {
        const file = req.file;
        const kind = file ? checkImage(file, 'screenshot') : null;
        const conversation = await service.open(...who(res), input, async () => (file && kind ? saveImage(deps.config.uploadDir, 'support', file, kind) : null));
        res.status(201).json({ data: conversation, message: 'Message has been sent successfully!', key: 'errors:success.messageSent' });
      },
    }),
    route({
      method: 'get',
      path: '/support/conversations/:id',
      summary: 'Merchant: one of its conversations with every message (marks the replies read)',
      auth: 'user',
      params: idParams,
      handler: async ({ params, res }) => ({ data: await service.readMine(...who(res), params.id) }),
    }),
    route({
      method: 'post',
      path: '/support/conversations/:id/messages',
      summary: 'Merchant: add a message to one of its open conversations',
      auth: 'user',
      notAudited: 'Merchants only: staff are refused (they answer from the inbox, which is audited)',
      params: idParams,
      body: supportReplySchema,
      handler: async ({ params, input, res }) => {
        res.status(201).json({ data: await service.followUp(...who(res), params.id, input.message), message: 'Message has been sent successfully!', key: 'errors:success.messageSent' });
      },
    }),
    route({
      method: 'get',
      path: '/support/conversations/:id/messages/:messageId/screenshot',
      summary: "Merchant: the screenshot attached to one of its own messages",
      auth: 'user',
      params: screenshotParams,
      handler: async ({ params, res }) => {
        sendScreenshot(deps, res, await service.myScreenshot(...who(res), params.id, params.messageId));
      },
    }),
    route({
      method: 'get',
      path: '/staff/support',
      summary: 'Staff only: the support inbox, filtered by state, market, merchant and assignee (me, none, one member), sorted by latest message, age or waiting time; with the waiting-time target in hours',
      auth: 'staff',
      query: supportInboxQuerySchema,
      handler: ({ input, req, res }) => service.inbox(staffOf(req, res), input),
    }),
    route({
      method: 'get',
      path: '/staff/support/unread-count',
      summary: 'Staff only: conversations with a merchant message no staff member has read yet',
      auth: 'staff',
      handler: () => service.staffUnread(),
    }),
    route({
      method: 'get',
      path: '/staff/support/assignees',
      summary: 'Staff only: the active support and superadmin members a conversation can be assigned to',
      auth: 'staff',
      handler: () => service.assignees(),
    }),
    route({
      method: 'get',
      path: '/staff/support/:id',
      summary: 'Staff only: one conversation with every message (marks it read for staff, except for read-only staff)',
      auth: 'staff',
      params: idParams,
      handler: async ({ params, req, res }) => ({ data: await service.readAsStaff(params.id, staffOf(req, res)) }),
    }),
    route({
      method: 'post',
      path: '/staff/support/:id/assign',
      summary: 'Staff only: assign the conversation — `assignee_id` an active support or superadmin member, null for nobody, no body for me',
      auth: 'staff',
      params: idParams,
      body: supportAssignSchema,
      audit: 'support.assigned',
      handler: async ({ params, input, req, res }) => ({ data: await service.assign(staffOf(req, res), params.id, input?.assignee_id) }),
    }),
    route({
      method: 'post',
      path: '/staff/support/:id/replies',
      summary: 'Staff only: reply; the merchant sees it in the back office and gets it by e-mail',
      auth: 'staff',
      params: idParams,
      body: supportReplySchema,
      audit: 'support.replied',
      handler: async ({ params, input, req, res }) => {
        res.status(201).json({ data: await service.reply(staffOf(req, res), params.id, input.message) });
      },
    }),
    route({
      method: 'post',
      path: '/staff/support/:id/close',
      summary: 'Staff only: close the conversation',
      auth: 'staff',
      params: idParams,
      audit: 'support.closed',
      handler: async ({ params, req, res }) => ({ data: await service.close(staffOf(req, res), params.id) }),
    }),
    route({
      method: 'post',
      path: '/staff/support/:id/internal-notes',
      summary: 'Staff only: add an internal note to the conversation (1–2,000 characters); staff see it in the thread, the merchant never does (not in any merchant call, not e-mailed)',
      auth: 'staff',
      params: idParams,
      body: supportInternalNoteSchema,
      audit: 'support.internal_note',
      handler: async ({ params, input, req, res }) => {
        res.status(201).json({ data: await service.addInternalNote(staffOf(req, res), params.id, input.message) });
      },
    }),
    route({
      method: 'get',
      path: '/staff/support/:id/messages/:messageId/screenshot',
      summary: 'Staff only: the screenshot attached to a message',
      auth: 'staff',
      params: screenshotParams,
      handler: async ({ params, res }) => {
        sendScreenshot(deps, res, await service.staffScreenshot(params.id, params.messageId));
      },
    }),
  ];
};
