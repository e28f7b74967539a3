/**
 * 用户管理: the user list with its review queue, the detail, approve / reject (with a reason sent
 * to the user), suspend / reinstate, and carrying out account-deletion requests. Every write is one
 * transaction with its audit row.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminUserDetail, AdminUserRow, AdminUsersQuery, AdminUsersResponse } from '../../../shared/schemas/admin';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import {
  accountDeletionRequests,
  companies,
  companyVerificationRequests,
  influencers,
  sessions,
  uploads,
  userProfiles,
  users,
  userSettings,
} from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { addNotifications, mailNotifications, type NewNotification } from '../notifications/service';
import { hashPassword } from '../auth/service';
import { deleteStoredFile } from '../uploads/service';
import { approveCompanyVerification, pendingEvidence, rejectCompanyVerification, verificationHistory } from './verification';

type Meta = { ip: string };

/** an influencer waits for a decision: never reviewed, or edited the profile after a rejection */
const influencerWaiting = sql<boolean>`(${influencers.id} is not null and not ${influencers.isApproved} and ${influencers.status} <> 'suspended' and (${influencers.reviewedAt} is null or ${influencers.updatedAt} > ${influencers.reviewedAt}))`;
const verificationSince = sql<Date | null>`(select min(v.submitted_at) from ${companyVerificationRequests} v where v.company_id = ${companies.id} and v.status = 'pending')`;
const waitingSince = sql<Date | null>`case when ${influencerWaiting} then (case when ${influencers.reviewedAt} is null then ${influencers.createdAt} else ${influencers.updatedAt} end) else ${verificationSince} end`;
const lastVerificationStatus = sql<string | null>`(select v.status from ${companyVerificationRequests} v where v.company_id = ${companies.id} order by v.submitted_at desc limit 1)`;
const deletionPending = sql<boolean>`exists (select 1 from ${accountDeletionRequests} d where d.user_id = ${users.id} and d.status = 'pending')`;

const rowColumns = {
  userId: users.id,
  email: users.email,
  phone: userProfiles.phone,
  userType: userProfiles.userType,
  nickname: influencers.nickname,
  companyName: companies.companyName,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  suspendedAt: users.suspendedAt,
  deletedAt: users.deletedAt,
  infApproved: influencers.isApproved,
  infReviewedAt: influencers.reviewedAt,
  infUpdatedAt: influencers.updatedAt,
  infRejection: influencers.rejectionReason,
  companyId: companies.id,
  companyVerified: companies.isVerified,
  lastVerification: lastVerificationStatus,
  waitingInfluencer: influencerWaiting,
  waitingSince,
  deletionRequested: deletionPending,
};

function baseQuery(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(influencers, eq(influencers.userId, users.id))
    .leftJoin(companies, eq(companies.userId, users.id));
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const TYPE_WORDS: Record<string, 'influencer' | 'company' | 'admin'> = {
  达人: 'influencer',
  influencer: 'influencer',
  商家: 'company',
  企业: 'company',
  company: 'company',
  管理员: 'admin',
  admin: 'admin',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toRow(r: Row, verification: AdminUserRow['verification'] = null): AdminUserRow {
  const userType = (['influencer', 'company', 'admin'] as const).find((t) => t === r.userType) ?? null;
  let approveStatus: AdminUserRow['approveStatus'] = 'pending';
  if (userType === 'admin') approveStatus = 'approved';
  else if (userType === 'influencer') {
    if (r.infApproved) approveStatus = 'approved';
    else if (r.infReviewedAt && r.infRejection && r.infUpdatedAt && r.infUpdatedAt <= r.infReviewedAt) approveStatus = 'rejected';
  } else if (userType === 'company') {
    // a company that never asked (or whose request was withdrawn, or whose badge lapsed) is 未认证, not 待审核
    if (r.companyVerified) approveStatus = 'approved';
    else if (r.lastVerification === 'pending') approveStatus = 'pending';
    else if (r.lastVerification === 'rejected') approveStatus = 'rejected';
    else approveStatus = 'unverified';
  }
  const since = r.waitingSince ? new Date(r.waitingSince) : null;
  return {
    userId: r.userId,
    email: r.email,
    phone: r.phone,
    userType,
    displayName: r.nickname ?? r.companyName ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    approveStatus,
    suspended: Boolean(r.suspendedAt),
    deletionRequested: Boolean(r.deletionRequested),
    waiting: since ? (r.waitingInfluencer ? 'influencer_approval' : 'company_verification') : null,
    waitingSince: since ? since.toISOString() : null,
    verification,
  };
}

/** The rows with the evidence of the companies' pending verification requests. */
async function withEvidence(db: DbOrTx, rows: Row[]): Promise<AdminUserRow[]> {
  const evidence = await pendingEvidence(db, rows.flatMap((r) => (r.companyId && r.lastVerification === 'pending' ? [r.companyId] : [])));
  return rows.map((r) => toRow(r, (r.companyId && evidence.get(r.companyId)) || null));
}

/** GET /api/admin/users: search (email substring, exact user id, a type word), type, filter; paginated in SQL. */
export async function listUsers(db: DbOrTx, q: AdminUsersQuery): Promise<AdminUsersResponse> {
  const where: SQL[] = [isNull(users.deletedAt)];
  const search = q.search?.trim().toLowerCase();
  let type = q.type;
  if (search) {
    if (UUID.test(search)) where.push(eq(users.id, search));
    else if (TYPE_WORDS[search] && !type) type = TYPE_WORDS[search];
    else where.push(sql`lower(${users.email}) like ${'%' + search.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
  }
  if (type) where.push(eq(userProfiles.userType, type));
  switch (q.filter) {
    case 'queue':
      where.push(sql`${waitingSince} is not null`);
      break;
    case 'pending':
      // 待审核: influencers not approved; companies only with a request waiting (never asked = 未认证)
      where.push(
        sql`(${userProfiles.userType} is distinct from 'admin') and (case when ${userProfiles.userType} = 'company' then ${lastVerificationStatus} = 'pending' else not coalesce(${influencers.isApproved}, false) end)`,
      );
      break;
    case 'approved':
      where.push(sql`(${userProfiles.userType} = 'admin' or coalesce(${influencers.isApproved}, false) or coalesce(${companies.isVerified}, false))`);
      break;
    case 'suspended':
      where.push(sql`${users.suspendedAt} is not null`);
      break;
    case 'deletion':
      where.push(deletionPending);
      break;
    default:
      break;
  }
  const cond = and(...where);
  const order = q.filter === 'queue' ? [asc(waitingSince), asc(users.id)] : q.filter === 'deletion' ? [asc(users.createdAt), asc(users.id)] : [desc(users.createdAt), desc(users.id)];
  const [rows, [{ total }]] = await Promise.all([
    baseQuery(db)
      .where(cond)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .leftJoin(influencers, eq(influencers.userId, users.id))
      .leftJoin(companies, eq(companies.userId, users.id))
      .where(cond),
  ]);
  return { items: await withEvidence(db, rows), total, page: q.page, limit: q.limit };
}

async function rowOf(db: DbOrTx, userId: string) {
  const [r] = await baseQuery(db)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!r) throw new AppError('USER_NOT_FOUND');
  return r;
}

/** GET /api/admin/users/:id: the account, its profile, its verification requests and documents. */
export async function getUserDetail(db: DbOrTx, userId: string): Promise<AdminUserDetail> {
  const r = await rowOf(db, userId);
  const [[user], [inf], [comp], [deletion], files] = await Promise.all([
    db.select({ suspendedReason: users.suspendedReason, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)),
    db.select().from(influencers).where(eq(influencers.userId, userId)).limit(1),
    db.select().from(companies).where(eq(companies.userId, userId)).limit(1),
    db
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')))
      .limit(1),
    db
      .select({ url: uploads.url, name: uploads.originalName })
      .from(uploads)
      .where(eq(uploads.ownerUserId, userId))
      .orderBy(desc(uploads.createdAt))
      .limit(50),
  ]);
  const requests = comp ? await verificationHistory(db, comp.id) : [];
  const [row] = await withEvidence(db, [r]);
  return {
    ...row,
    suspendedReason: user?.suspendedReason ?? null,
    suspendedAt: user?.suspendedAt?.toISOString() ?? null,
    deletionRequest: deletion ? { id: deletion.id, reason: deletion.reason, createdAt: deletion.createdAt.toISOString() } : null,
    influencer: inf
      ? {
          id: inf.id,
          nickname: inf.nickname,
          realName: inf.realName,
          avatarUrl: inf.avatarUrl,
          bio: inf.bio,
          location: inf.location,
          categories: inf.categories,
          tags: inf.tags,
          tiktokAccount: inf.tiktokAccount,
          tiktokFollowersCount: inf.tiktokFollowersCount,
          hourlyRate: inf.hourlyRate,
          experienceYears: inf.experienceYears,
          idType: inf.idType,
          idImageUrl: inf.idImageUrl,
          isApproved: inf.isApproved,
          isVerified: inf.isVerified,
          status: inf.status,
          rejectionReason: inf.rejectionReason,
          reviewedAt: inf.reviewedAt?.toISOString() ?? null,
          createdAt: inf.createdAt.toISOString(),
        }
      : null,
    company: comp
      ? {
          id: comp.id,
          companyName: comp.companyName,
          industry: comp.industry,
          companySize: comp.companySize,
          logoUrl: comp.logoUrl,
          address: comp.address,
          description: comp.description,
          contactPerson: comp.contactPerson,
          contactPhone: comp.contactPhone,
          contactEmail: comp.contactEmail,
          website: comp.website,
          businessLicense: comp.businessLicense,
          isVerified: comp.isVerified,
        }
      : null,
    verificationRequests: requests,
    documents: files.map((f) => ({ url: f.url, name: f.name })),
  };
}

async function lockUser(tx: DbOrTx, userId: string) {
  const [u] = await tx
    .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt, suspendedReason: users.suspendedReason, userType: userProfiles.userType })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update', { of: users });
  if (!u) throw new AppError('USER_NOT_FOUND');
  return u;
}

/**
 * 审核通过: an influencer waiting for approval becomes approved (listed in the directory at once);
 * a company's pending verification request is approved (verified badge). 409 when nothing waits.
 */
export async function approveUser(ctx: AppContext, adminId: string, userId: string, meta: Meta) {
  const notes = await ctx.db.transaction(async (tx) => {
    const u = await lockUser(tx, userId);
    const now = ctx.clock.now();
    const list: NewNotification[] = [];
    if (u.userType === 'influencer') {
      const [row] = await tx
        .update(influencers)
        .set({ isApproved: true, reviewedAt: now, rejectionReason: null, updatedAt: now })
        .where(and(eq(influencers.userId, userId), eq(influencers.isApproved, false)))
        .returning({ id: influencers.id, nickname: influencers.nickname });
      if (!row) throw new AppError('REVIEW_NOT_PENDING');
      await audit(tx, {
        adminId,
        action: 'user_approve',
        description: `审核通过达人：${row.nickname}（${u.email}）`,
        targetType: 'user',
        targetId: userId,
        before: { isApproved: false },
        after: { isApproved: true },
        ip: meta.ip,
      });
      list.push({ userId, type: 'influencer_approved', params: {}, link: '/influencer-profile' });
    } else if (u.userType === 'company') {
      list.push(...(await approveCompanyVerification({ tx, adminId, user: u, now, ip: meta.ip })));
    } else {
      throw new AppError('REVIEW_NOT_PENDING');
    }
    return addNotifications(tx, list);
  }).catch((err: unknown) => {
    // two companies approved with one code at the same moment: the unique index lets one through
    if (isUniqueViolation(err)) throw new AppError('CREDIT_CODE_TAKEN');
    throw err;
  });
  ctx.publicCache.invalidate('influencers');
  ctx.publicCache.invalidate('tasks');
  await mailNotifications(ctx, notes, { always: true });
}

/** 审核拒绝 with a reason: stored, notified and mailed to the user; the influencer can edit and re-submit. */
export async function rejectUser(ctx: AppContext, adminId: string, userId: string, reason: string, meta: Meta) {
  const notes = await ctx.db.transaction(async (tx) => {
    const u = await lockUser(tx, userId);
    const now = ctx.clock.now();
    const list: NewNotification[] = [];
    if (u.userType === 'influencer') {
      const [before] = await tx
        .select({ isApproved: influencers.isApproved, reviewedAt: influencers.reviewedAt, updatedAt: influencers.updatedAt, nickname: influencers.nickname })
        .from(influencers)
        .where(eq(influencers.userId, userId));
      const waiting = before && !before.isApproved && (!before.reviewedAt || before.updatedAt > before.reviewedAt);
      if (!waiting) throw new AppError('REVIEW_NOT_PENDING');
      // updated_at = reviewed_at: a later profile edit puts the influencer back in the queue
      await tx.update(influencers).set({ reviewedAt: now, rejectionReason: reason, updatedAt: now }).where(eq(influencers.userId, userId));
      await audit(tx, {
        adminId,
        action: 'user_reject',
        description: `审核拒绝达人：${before.nickname}（${u.email}）`,
        targetType: 'user',
        targetId: userId,
        before: { isApproved: false },
        after: { isApproved: false, rejectionReason: reason },
        ip: meta.ip,
      });
      list.push({ userId, type: 'influencer_rejected', params: { reason }, link: '/influencer-profile' });
    } else if (u.userType === 'company') {
      list.push(...(await rejectCompanyVerification({ tx, adminId, user: u, now, ip: meta.ip }, reason)));
    } else {
      throw new AppError('REVIEW_NOT_PENDING');
    }
    return addNotifications(tx, list);
  });
  await mailNotifications(ctx, notes, { always: true });
}

/** 停用: sessions end at once, sign-in is refused, public pages no longer show the account. */
export async function suspendUser(ctx: AppContext, adminId: string, userId: string, reason: string, meta: Meta) {
  const notes = await ctx.db.transaction(async (tx) => {
    const u = await lockUser(tx, userId);
    if (u.userType === 'admin') throw new AppError('ADMIN_TARGET_NOT_ALLOWED');
    if (u.suspendedAt) throw new AppError('ALREADY_SUSPENDED');
    const now = ctx.clock.now();
    await tx.update(users).set({ suspendedAt: now, suspendedReason: reason, updatedAt: now }).where(eq(users.id, userId));
    await tx.update(influencers).set({ status: 'suspended', updatedAt: now }).where(eq(influencers.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await audit(tx, {
      adminId,
      action: 'user_suspend',
      description: `停用账号：${u.email}`,
      targetType: 'user',
      targetId: userId,
      before: { suspended: false },
      after: { suspended: true, reason },
      ip: meta.ip,
    });
    return addNotifications(tx, [{ userId, type: 'account_suspended', params: { reason } }]);
  });
  ctx.publicCache.invalidate('influencers');
  ctx.publicCache.invalidate('tasks');
  await mailNotifications(ctx, notes, { always: true });
}

export async function reinstateUser(ctx: AppContext, adminId: string, userId: string, meta: Meta) {
  const notes = await ctx.db.transaction(async (tx) => {
    const u = await lockUser(tx, userId);
    if (!u.suspendedAt) throw new AppError('NOT_SUSPENDED');
    const now = ctx.clock.now();
    await tx.update(users).set({ suspendedAt: null, suspendedReason: null, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .update(influencers)
      .set({ status: 'active', updatedAt: sql`${influencers.updatedAt}` })
      .where(and(eq(influencers.userId, userId), eq(influencers.status, 'suspended')));
    await audit(tx, {
      adminId,
      action: 'user_reinstate',
      description: `恢复账号：${u.email}`,
      targetType: 'user',
      targetId: userId,
      before: { suspended: true, reason: u.suspendedReason },
      after: { suspended: false },
      ip: meta.ip,
    });
    return addNotifications(tx, [{ userId, type: 'account_reinstated', params: {} }]);
  });
  ctx.publicCache.invalidate('influencers');
  ctx.publicCache.invalidate('tasks');
  await mailNotifications(ctx, notes, { always: true });
}

/**
 * Carries out (or declines) a pending account-deletion request. Carrying out removes the personal
 * data as the privacy page says: the email, password, phone, names, contact details, bio, ID data
 * and uploaded files go; the rows that other people's records point to (tasks, messages, reviews)
 * stay, anonymised (已注销用户).
 */
export async function decideDeletion(ctx: AppContext, adminId: string, userId: string, action: 'execute' | 'decline', meta: Meta) {
  const result = await ctx.db.transaction(async (tx) => {
    const u = await lockUser(tx, userId);
    if (u.userType === 'admin') throw new AppError('ADMIN_TARGET_NOT_ALLOWED');
    const now = ctx.clock.now();
    const [req] = await tx
      .update(accountDeletionRequests)
      .set({ status: action === 'execute' ? 'completed' : 'declined', decidedAt: now })
      .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')))
      .returning({ id: accountDeletionRequests.id });
    if (!req) throw new AppError('DELETION_NOT_REQUESTED');
    if (action === 'decline') {
      await audit(tx, { adminId, action: 'user_deletion_decline', description: `拒绝注销申请：${u.email}`, targetType: 'user', targetId: userId, ip: meta.ip });
      return { notes: await addNotifications(tx, [{ userId, type: 'deletion_declined', params: {} }]), files: [] as string[] };
    }
    const files = await tx.delete(uploads).where(eq(uploads.ownerUserId, userId)).returning({ key: uploads.storageKey });
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        passwordHash: await hashPassword(randomToken()),
        suspendedAt: now,
        suspendedReason: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.update(userProfiles).set({ phone: null, updatedAt: now }).where(eq(userProfiles.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(userSettings).where(eq(userSettings.userId, userId));
    await tx
      .update(influencers)
      .set({
        nickname: '已注销用户',
        realName: null,
        firstName: null,
        lastName: null,
        phoneNumber: null,
        tiktokAccount: null,
        tiktokProfileUrl: null,
        bio: null,
        location: null,
        tags: [],
        idType: null,
        idNumber: null,
        idImageUrl: null,
        liveVenue: null,
        weeklySchedule: null,
        avatarUrl: null,
        isApproved: false,
        status: 'inactive',
        updatedAt: now,
      })
      .where(eq(influencers.userId, userId));
    await tx
      .update(companies)
      .set({
        companyName: '已注销企业',
        contactPerson: '—',
        contactPhone: null,
        contactEmail: null,
        address: null,
        website: null,
        logoUrl: null,
        description: null,
        businessLicense: null,
        // the code is freed for whoever holds that licence now
        isVerified: false,
        verifiedCreditCode: null,
        updatedAt: now,
      })
      .where(eq(companies.userId, userId));
    await audit(tx, {
      adminId,
      action: 'user_deletion_execute',
      description: `执行账号注销：${u.email}`,
      targetType: 'user',
      targetId: userId,
      before: { email: u.email },
      after: { deleted: true },
      ip: meta.ip,
    });
    return { notes: [] as NewNotification[], files: files.map((f) => f.key) };
  });
  if (result.files.length) {
    for (const key of result.files) {
      await deleteStoredFile(ctx, key);
    }
  }
  ctx.publicCache.invalidate('influencers');
  ctx.publicCache.invalidate('tasks');
  await mailNotifications(ctx, result.notes, { always: true });
}

/** a count for the overview's "waiting" block */
export async function waitingCounts(db: DbOrTx) {
  const [[inf], [comp], [del]] = await Promise.all([
    db
      .select({ n: count() })
      .from(influencers)
      .innerJoin(users, eq(users.id, influencers.userId))
      .where(and(sql`${influencerWaiting}`, isNull(users.deletedAt))),
    db.select({ n: count() }).from(companyVerificationRequests).where(eq(companyVerificationRequests.status, 'pending')),
    db.select({ n: count() }).from(accountDeletionRequests).where(eq(accountDeletionRequests.status, 'pending')),
  ]);
  return { influencerApprovals: inf.n, companyVerifications: comp.n, deletionRequests: del.n };
}
