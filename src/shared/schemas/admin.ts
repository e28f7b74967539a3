/**
 * The admin console's contracts (issue 9): sign-in, first-admin setup, admin management, users and
 * the review queue, overview, audit log. Every /api/admin route declares its permission on the server.
 */
import { z } from 'zod';
import { ADMIN_PERMISSIONS } from '../options';
import { AGENCY_STATUSES, agencyMembership } from './agencies';
import { emailField, listOf, loginPasswordField, pageQuery, passwordField, pagination } from './common';
import { centsOut, text } from './fields';

export const adminPermission = z.enum(ADMIN_PERMISSIONS);
export const adminPermissions = z.array(adminPermission).max(ADMIN_PERMISSIONS.length);

// ---------------------------------------------------------------- sign-in, setup, admins

/** /admin-login: the email must contain @ (请输入有效的管理员邮箱), the password is required (请输入密码). */
export const adminLoginRequest = z.object({
  email: z
    .string({ error: 'ADMIN_EMAIL_INVALID' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'ADMIN_EMAIL_INVALID' })
    .max(254, { error: 'ADMIN_EMAIL_INVALID' })
    .pipe(z.email({ error: 'ADMIN_EMAIL_INVALID' })),
  password: loginPasswordField,
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const adminMe = z.object({
  id: z.string(),
  email: z.string(),
  permissions: adminPermissions,
});
export type AdminMe = z.infer<typeof adminMe>;

export const setupStatus = z.object({ hasAdmin: z.boolean() });

const passwordPair = {
  password: passwordField,
  confirmPassword: z.string({ error: 'PASSWORD_REQUIRED' }),
};
const samePasswords = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

/** The first admin: the one-time setup token from the server log, an email and a password. */
export const firstAdminRequest = z
  .object({
    token: z.string({ error: 'SETUP_TOKEN_REQUIRED' }).trim().min(1, { error: 'SETUP_TOKEN_REQUIRED' }).max(200, { error: 'SETUP_TOKEN_INVALID' }),
    email: emailField,
    ...passwordPair,
  })
  .refine(samePasswords, { error: 'PASSWORD_MISMATCH', path: ['confirmPassword'] });
export type FirstAdminRequest = z.infer<typeof firstAdminRequest>;

export const inviteRequest = z.object({
  email: emailField,
  permissions: adminPermissions.min(1, { error: 'PERMISSIONS_REQUIRED' }),
});
export type InviteRequest = z.infer<typeof inviteRequest>;

export const inviteToken = z.object({ token: z.string().trim().min(1, { error: 'INVITE_INVALID' }).max(200, { error: 'INVITE_INVALID' }) });
export const inviteInfo = z.object({ email: z.string(), permissions: adminPermissions, expiresAt: z.string() });
export const acceptInviteRequest = z
  .object({ token: inviteToken.shape.token, ...passwordPair })
  .refine(samePasswords, { error: 'PASSWORD_MISMATCH', path: ['confirmPassword'] });
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequest>;

export const permissionsUpdate = z.object({ permissions: adminPermissions });

export const adminSummary = z.object({
  id: z.string(),
  email: z.string(),
  permissions: adminPermissions,
  createdAt: z.string(),
  isSelf: z.boolean(),
});
export type AdminSummary = z.infer<typeof adminSummary>;
export const pendingInvite = z.object({
  id: z.string(),
  email: z.string(),
  permissions: adminPermissions,
  createdAt: z.string(),
  expiresAt: z.string(),
});
/** the back office's admins (a small list: one page) and, beside them, the invitations not yet accepted */
export const adminsQuery = pageQuery(100, 100);
export const adminsResponse = listOf(adminSummary).extend({ invites: z.array(pendingInvite) });
export type AdminsResponse = z.infer<typeof adminsResponse>;

// ---------------------------------------------------------------- users and the review queue

export const ADMIN_USER_FILTERS = ['all', 'queue', 'pending', 'approved', 'suspended', 'deletion'] as const;
export const adminUsersQuery = pagination.extend({
  /** email, user id, or a type word (达人 / 商家 / 管理员 / influencer / company / admin) */
  search: text(100).optional(),
  type: z.enum(['influencer', 'company', 'agency', 'admin']).optional(),
  /** queue: everything waiting for a decision (influencer approvals, company verification requests), oldest first */
  filter: z.enum(ADMIN_USER_FILTERS).default('all'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/**
 * 审核状态. Influencers: approved 已审核 / pending 待审核 / rejected 已拒绝. Companies (their verification,
 * decision 0028): unverified 未认证 (never asked, withdrawn or lapsed) / pending 待审核 / rejected 未通过 /
 * approved 已认证. Admins count as approved.
 */
export const approveStatus = z.enum(['approved', 'pending', 'rejected', 'unverified']);
export const waitingKind = z.enum(['influencer_approval', 'company_verification', 'agency_approval']).nullable();

export const adminUserRow = z.object({
  userId: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  userType: z.enum(['influencer', 'company', 'agency', 'admin']).nullable(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  approveStatus,
  suspended: z.boolean(),
  deletionRequested: z.boolean(),
  /** what this account waits for and since when (the queue's age) */
  waiting: waitingKind,
  waitingSince: z.string().nullable(),
  /** a company's pending verification request with its evidence (the licence through its authorised route) */
  verification: z
    .object({
      id: z.string(),
      creditCode: z.string().nullable(),
      companyName: z.string().nullable(),
      licenseUrl: z.string().nullable(),
      submittedAt: z.string(),
    })
    .nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUsersResponse = listOf(adminUserRow);
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

const fileRef = z.object({ url: z.string(), name: z.string().nullable() });
export const adminUserDetail = adminUserRow.extend({
  suspendedReason: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  deletionRequest: z.object({ id: z.string(), reason: z.string().nullable(), createdAt: z.string() }).nullable(),
  influencer: z
    .object({
      id: z.string(),
      nickname: z.string(),
      realName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      bio: z.string().nullable(),
      location: z.string().nullable(),
      categories: z.array(z.string()),
      tags: z.array(z.string()),
      tiktokAccount: z.string().nullable(),
      tiktokFollowersCount: z.number().nullable(),
      hourlyRateCents: centsOut('The influencer’s hourly rate'),
      experienceYears: z.number(),
      idType: z.string().nullable(),
      idImageUrl: z.string().nullable(),
      isApproved: z.boolean(),
      isVerified: z.boolean(),
      status: z.string(),
      rejectionReason: z.string().nullable(),
      reviewedAt: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
  company: z
    .object({
      id: z.string(),
      companyName: z.string(),
      industry: z.string().nullable(),
      companySize: z.string().nullable(),
      logoUrl: z.string().nullable(),
      address: z.string().nullable(),
      description: z.string().nullable(),
      contactPerson: z.string().nullable(),
      contactPhone: z.string().nullable(),
      contactEmail: z.string().nullable(),
      website: z.string().nullable(),
      /** 营业执照号 (the 统一社会信用代码 on the profile) */
      businessLicense: z.string().nullable(),
      isVerified: z.boolean(),
    })
    .nullable(),
  /** an agency (机构, decision 0044): its sign-up details, the licence through its authorised route, and its roster */
  agency: z
    .object({
      id: z.string(),
      name: z.string(),
      contactPerson: z.string(),
      phone: z.string(),
      creditCode: z.string(),
      licenseUrl: z.string().nullable(),
      description: z.string().nullable(),
      logoUrl: z.string().nullable(),
      city: z.string().nullable(),
      status: z.enum(AGENCY_STATUSES),
      rejectionReason: z.string().nullable(),
      current: z.array(agencyMembership),
      history: z.array(agencyMembership),
    })
    .nullable(),
  verificationRequests: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      submittedAt: z.string(),
      decidedAt: z.string().nullable(),
      note: z.string().nullable(),
      creditCode: z.string().nullable(),
      companyName: z.string().nullable(),
      licenseUrl: z.string().nullable(),
    }),
  ),
  documents: z.array(fileRef),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const reasonRequest = (code: 'REJECT_REASON_REQUIRED' | 'SUSPEND_REASON_REQUIRED') =>
  z.object({ reason: text(500, { required: code, multiline: true }) });
export const rejectRequest = reasonRequest('REJECT_REASON_REQUIRED');
export const suspendRequest = reasonRequest('SUSPEND_REASON_REQUIRED');
export const deletionDecision = z.object({ action: z.enum(['execute', 'decline']) });
/**
 * POST /api/admin/users/{id}/deletion: what was decided, and the user as adminGetUser reads them after a decline
 * (null after the deletion was carried out: the account is gone from the back office's lists)
 */
export const deletionDecisionAnswer = z.object({ userId: z.string().uuid(), action: z.enum(['execute', 'decline']), user: adminUserDetail.nullable() });

// ---------------------------------------------------------------- overview and audit

export const statCard = z.object({
  value: z.number(),
  /** percent change versus yesterday (null when yesterday was 0 or unknown) */
  change: z.number().nullable(),
});
export const overviewResponse = z.object({
  cards: z.object({
    totalUsers: statCard,
    totalInfluencers: statCard,
    totalCompanies: statCard,
    totalTasks: statCard,
    todayNewUsers: statCard,
    todayNewTasks: statCard,
    /** platform fee earned today, integer cents */
    todayRevenueCents: statCard,
  }),
  /** everything waiting for an admin */
  waiting: z.object({
    influencerApprovals: z.number(),
    companyVerifications: z.number(),
    deletionRequests: z.number(),
    contactMessages: z.number(),
    agencyApprovals: z.number(),
  }),
  statDate: z.string(),
  computedAt: z.string(),
  recent: z.array(z.lazy(() => auditEntry)),
  /** on a production site: how many demo accounts it still has (the banner with 删除演示数据; decision 0032); null elsewhere */
  demoAccounts: z.number().int().nullable(),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;

/** What the demo data consists of (decision 0032): demo accounts and what belongs to them. */
export const demoDataCounts = z.object({
  accounts: z.number().int(),
  tasks: z.number().int(),
  deals: z.number().int(),
  conversations: z.number().int(),
  files: z.number().int(),
  videos: z.number().int(),
  /** demo money: every ledger entry drawing on or paying into a demo account, and their sum in cents (what world_demo gave) */
  ledgerEntries: z.number().int(),
  demoMoneyCents: centsOut('Demo money'),
});
export type DemoDataCounts = z.infer<typeof demoDataCounts>;
export const demoDataResponse = z.object({
  counts: demoDataCounts,
  /** deals between a demo account and a real one: removal is refused while there is any */
  mixedDeals: z.number().int(),
});
export type DemoDataResponse = z.infer<typeof demoDataResponse>;
export const demoRemovalResponse = z.object({ removed: demoDataCounts });
export type DemoRemovalResponse = z.infer<typeof demoRemovalResponse>;

export const auditEntry = z.object({
  id: z.string(),
  adminId: z.string().nullable(),
  adminEmail: z.string().nullable(),
  actionType: z.string(),
  description: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = pagination.extend({
  search: text(100).optional(),
  action: text(60).optional(),
  targetType: text(30).optional(),
  targetId: text(60).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditResponse = listOf(auditEntry);
export type AuditResponse = z.infer<typeof auditResponse>;

/** POST /api/admin/invites: the invitation as listed */
export const adminInviteAnswer = z.object({ invite: pendingInvite });
export type AdminInviteAnswer = z.infer<typeof adminInviteAnswer>;
