import { z } from 'zod';
import { SIMPLE_EMAIL_PATTERN } from './fields.js';
import { STAFF_ROLE_VALUES, staffReasonField, staffRoleField } from './staff.schema.js';

/*
 * Staff accounts (issue 11 part 3, superadmin only): the console's forms and the API's request checks share
 * these schemas, so a limit the form shows is the limit the server enforces.
 */

export const STAFF_NAME_MAX_LENGTH = 100;
export const TEAM_LOCALES = ['en', 'ms', 'zh', 'zhtw', 'th'] as const;
export type TeamLocale = (typeof TEAM_LOCALES)[number];

/** POST /api/staff/team/invitations */
export const staffInviteSchema = z.object({
  email: z
    .string({ error: 'validation:team.emailInvalid' })
    .trim()
    .toLowerCase()
    .max(255, { error: 'validation:team.emailInvalid' })
    .regex(SIMPLE_EMAIL_PATTERN, { error: 'validation:team.emailInvalid' }),
  name: z.string({ error: 'validation:team.nameRequired' }).trim().min(1, { error: 'validation:team.nameRequired' }).max(STAFF_NAME_MAX_LENGTH, { error: 'validation:team.nameTooLong' }),
  role: z.enum(STAFF_ROLE_VALUES, { error: 'validation:team.roleInvalid' }),
  /** The language of the invitation e-mail. */
  locale: z.enum(TEAM_LOCALES, { error: 'validation:team.localeInvalid' }).default('en'),
  /** Why (issue 27 §8): kept in the audit log. */
  reason: staffReasonField,
});
export type StaffInviteInput = z.input<typeof staffInviteSchema>;
export type StaffInviteOutput = z.output<typeof staffInviteSchema>;

/** POST /api/staff/team/:userId/role */
export const staffRoleChangeSchema = z.object({ role: z.enum(STAFF_ROLE_VALUES, { error: 'validation:team.roleInvalid' }), reason: staffReasonField });
export type StaffRoleChangeInput = z.input<typeof staffRoleChangeSchema>;

export const staffMemberStatusField = z.enum(['active', 'invited', 'deactivated']);
export type StaffMemberStatus = z.infer<typeof staffMemberStatusField>;

/** One row of GET /api/staff/team. */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: staffRoleField,
  status: staffMemberStatusField,
  /** Unix seconds of the last sign-in, null when never signed in. */
  last_sign_in_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffTeamResponseSchema = z.object({ data: z.array(staffMemberSchema) });
export type StaffTeamResponse = z.infer<typeof staffTeamResponseSchema>;

/** POST /api/staff/team/invitations, /:userId/role, /:userId/deactivate, /:userId/reactivate: the member as it now stands. */
export const staffMemberEnvelopeSchema = z.object({ data: staffMemberSchema });
