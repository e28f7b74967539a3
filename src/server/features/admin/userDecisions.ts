/**
 * 用户管理, deciding: approve / reject (with a reason sent to the user), suspend / reinstate, and carrying
 * out account-deletion requests. Every write is one transaction with its audit row.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import { accountDeletionRequests, companies, influencers, sessions, uploads, userProfiles, users, userSettings } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { addNotifications, type NewNotification } from '../notifications';
import { hashPassword } from '../auth';
import { deleteStoredFile } from '../uploads';
import { approveCompanyVerification, rejectCompanyVerification } from './verification';
import { approveAgency, rejectAgency } from '../agencies';

type Meta = { ip: string };

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
  await ctx.db
    .transaction(async (tx) => {
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
      } else if (u.userType === 'agency') {
        list.push(...(await approveAgency({ tx, adminId, user: u, now, ip: meta.ip })));
      } else {
        throw new AppError('REVIEW_NOT_PENDING');
      }
      return addNotifications(tx, list, { mail: 'always' });
    })
    .catch((err: unknown) => {
      // two companies approved with one code at the same moment: the unique index lets one through
      if (isUniqueViolation(err)) throw new AppError('CREDIT_CODE_TAKEN');
      throw err;
    });
  ctx.publicCache.invalidate('influencers');
  ctx.publicCache.invalidate('tasks');
}

/** 审核拒绝 with a reason: stored, notified and mailed to the user; the influencer can edit and re-submit. */
export async function rejectUser(ctx: AppContext, adminId: string, userId: string, reason: string, meta: Meta) {
  await ctx.db.transaction(async (tx) => {
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
    } else if (u.userType === 'agency') {
      list.push(...(await rejectAgency({ tx, adminId, user: u, now, ip: meta.ip }, reason)));
    } else {
      throw new AppError('REVIEW_NOT_PENDING');
    }
    return addNotifications(tx, list, { mail: 'always' });
  });
}

/** 停用: sessions end at once, sign-in is refused, public pages no longer show the account. */
export async function suspendUser(ctx: AppContext, adminId: string, userId: string, reason: string, meta: Meta) {
  await ctx.db.transaction(async (tx) => {
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
    return addNotifications(tx, [{ userId, type: 'account_suspended', params: { reason } }], { mail: 'always' });
  });
  ctx.publicCache.invalidate('influencers');
  ctx.publicCache.invalidate('tasks');
}

export async function reinstateUser(ctx: AppContext, adminId: string, userId: string, meta: Meta) {
  await ctx.db.transaction(async (tx) => {
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
    return addNotifications(tx, [{ userId, type: 'account_reinstated', params: {} }], { mail: 'always' });
  });
  ctx.publicCache.invalidate('influencers');
  ctx.publicCache.invalidate('tasks');
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
      return { notes: await addNotifications(tx, [{ userId, type: 'deletion_declined', params: {} }], { mail: 'always' }), files: [] as string[] };
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
}
