/**
 * An agency's staff accounts (子账号, issue 40 item 5, decision 0067): the owner (or a 管理员) invites people by e-mail as
 * 管理员 (admin: everything the agency does, but the owner's own account) or 运营 (operator: acting for the roster,
 * messages and notifications, reading the workspace — no wallet, payouts, roster changes, profile, keys or staff).
 */
import { z } from 'zod';
import { emailField, listOf, passwordField } from './common';
import { text } from './fields';

export const AGENCY_STAFF_ROLES = ['admin', 'operator'] as const;
export type AgencyStaffRole = (typeof AGENCY_STAFF_ROLES)[number];
export const STAFF_NAME_MAX = 30;

const role = z
  .enum(AGENCY_STAFF_ROLES, { error: 'AGENCY_STAFF_ROLE_INVALID' })
  .describe(
    'admin (管理员): everything the agency does but its owner’s own account; operator (运营): acting for the roster, messages, notifications, reading the workspace',
  );

/** who acted, when a staff member did (timeline entries, messages): their name as the agency knows them */
export const staffActor = z.object({ userId: z.string().uuid(), name: z.string() });

/** the agency a signed-in staff member works for (in GET /api/auth/me) */
export const agencyStaffOf = z.object({
  agencyId: z.string().uuid(),
  agencyName: z.string(),
  role,
  name: z.string(),
});
export type AgencyStaffOf = z.infer<typeof agencyStaffOf>;

export const agencyStaffMember = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role,
  createdAt: z.string(),
});
export type AgencyStaffMember = z.infer<typeof agencyStaffMember>;

export const agencyStaffInvitation = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type AgencyStaffInvitation = z.infer<typeof agencyStaffInvitation>;

/** GET /api/agency/staff: the members (page) and the open invitations, `invites` (at most 20, all of them) */
export const agencyStaffResponse = listOf(agencyStaffMember).extend({ invites: z.array(agencyStaffInvitation) });
export type AgencyStaffResponse = z.infer<typeof agencyStaffResponse>;

export const agencyStaffInviteRequest = z.object({ email: emailField, role });
export type AgencyStaffInviteRequest = z.infer<typeof agencyStaffInviteRequest>;

export const agencyStaffRoleChange = z.object({ role });

export const staffIdParams = z.object({ id: z.string().uuid({ error: 'AGENCY_STAFF_NOT_FOUND' }) });
export const staffInvitationIdParams = z.object({ id: z.string().uuid({ error: 'INVITE_INVALID' }) });

const token = z.string({ error: 'INVITE_INVALID' }).trim().min(1, { error: 'INVITE_INVALID' }).max(200, { error: 'INVITE_INVALID' });

export const agencyStaffInvitationToken = z.object({ token });

/** what the link's holder sees before accepting */
export const agencyStaffInvitationInfo = z.object({
  agencyName: z.string(),
  email: z.string(),
  role,
  expiresAt: z.string(),
  /** the address already has an account (a former staff member of an agency): accepting sets its name and password */
  existingAccount: z.boolean(),
});
export type AgencyStaffInvitationInfo = z.infer<typeof agencyStaffInvitationInfo>;

export const acceptAgencyStaffInvitation = z
  .object({
    token,
    name: text(STAFF_NAME_MAX, { required: 'AGENCY_STAFF_NAME_REQUIRED' }),
    password: passwordField,
    confirmPassword: z.string({ error: 'PASSWORD_REQUIRED' }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: 'PASSWORD_MISMATCH', path: ['confirmPassword'] });
export type AcceptAgencyStaffInvitation = z.infer<typeof acceptAgencyStaffInvitation>;
