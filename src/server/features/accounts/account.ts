import { and, eq, isNull } from 'drizzle-orm';
import { LIMITS } from '../../../shared/limits';
import { DEFAULT_SETTINGS, type AccountInfo, type PasswordChangeRequest, type PhoneVerification, type Settings } from '../../../shared/schemas/accounts';
import { USER_TYPES, type UserType } from '../../../shared/options';
import type { DbOrTx } from '../../db/client';
import { accountDeletionRequests, userProfiles, users, userSettings, verificationCodes } from '../../db/schema';
import { findVerified, issueCode, verifyCode } from '../../platform/codes';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { destroyOtherSessions } from '../../platform/session';
import { hashPassword, verifyPassword } from '../auth';

export async function getSettings(db: DbOrTx, userId: string): Promise<Settings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  if (!row) return DEFAULT_SETTINGS;
  return {
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    profileVisibility: row.profileVisibility as Settings['profileVisibility'],
    contactInfoVisibility: row.contactInfoVisibility as Settings['contactInfoVisibility'],
    allowMessages: row.allowMessages,
  };
}

export async function updateSettings(db: DbOrTx, userId: string, patch: Partial<Settings>): Promise<Settings> {
  const next = { ...(await getSettings(db, userId)), ...patch };
  await db
    .insert(userSettings)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...next, updatedAt: new Date() } });
  return next;
}

/**
 * Privacy, honoured wherever another person looks at a profile:
 * profile — public: everyone; registered: signed-in users; private: only the owner (and admins).
 * contact details — public: everyone; contacts: the owner's counterparts (signed-in companies for an
 * influencer, signed-in influencers for a company) ; private: only the owner (and admins).
 */
export function canSeeProfile(settings: Settings, viewer: { id: string; userType: UserType | null } | null, ownerId: string) {
  if (viewer && (viewer.id === ownerId || viewer.userType === 'admin')) return true;
  if (settings.profileVisibility === 'public') return true;
  if (settings.profileVisibility === 'registered') return viewer !== null;
  return false;
}

export function canSeeContact(settings: Settings, viewer: { id: string; userType: UserType | null } | null, owner: { id: string; userType: UserType | null }) {
  if (viewer && (viewer.id === owner.id || viewer.userType === 'admin')) return true;
  if (settings.contactInfoVisibility === 'public') return true;
  if (settings.contactInfoVisibility === 'contacts') {
    return Boolean(viewer && viewer.userType && viewer.userType !== owner.userType);
  }
  return false;
}

export async function getAccount(db: DbOrTx, userId: string): Promise<AccountInfo> {
  const [row] = await db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt, userType: userProfiles.userType, phone: userProfiles.phone })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED');
  const [deletion] = await db
    .select({ createdAt: accountDeletionRequests.createdAt })
    .from(accountDeletionRequests)
    .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')))
    .limit(1);
  return {
    id: row.id,
    email: row.email,
    userType: USER_TYPES.find((t) => t === row.userType) ?? null,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    status: deletion ? 'deletion_pending' : 'normal',
    deletionRequest: deletion ? { status: 'pending', requestedAt: deletion.createdAt.toISOString() } : null,
    settings: await getSettings(db, userId),
  };
}

const smsText = (code: string, ttl: number) => `【直播带货平台】您的验证码是 ${code}，${Math.round(ttl / 60)} 分钟内有效，请勿泄露给他人。`;

/** Sends a 4-digit code to a new phone of the signed-in user (SMS gateway, or the outbox in development). */
export async function sendPhoneCode(ctx: AppContext, userId: string, phone: string, ip: string) {
  return issueCode(ctx, 'phone', phone, ip, (code, ttl) => ctx.sms.send(phone, smsText(code, ttl)), userId);
}

export async function verifyPhoneCode(ctx: AppContext, userId: string, phone: string, code: string): Promise<PhoneVerification> {
  await verifyCode(ctx, 'phone', phone, code, userId);
  // updatePhone accepts a verification this recent
  return { phone, verified: true, saveWithinSeconds: LIMITS.smsCodeTtlSeconds * 2 };
}

/** Saves the phone; needs a code for that phone verified by this user. The verification is used up. */
export async function updatePhone(ctx: AppContext, userId: string, phone: string) {
  const v = await findVerified(ctx, 'phone', phone, LIMITS.smsCodeTtlSeconds * 2, userId);
  if (!v) throw new AppError('PHONE_NOT_VERIFIED', undefined, { phone: 'PHONE_NOT_VERIFIED' });
  await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, v.id), eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw new AppError('PHONE_NOT_VERIFIED');
    await tx
      .insert(userProfiles)
      .values({ userId, phone })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { phone, updatedAt: new Date() } });
  });
  return getAccount(ctx.db, userId);
}

/** Checks the current password, sets the new one and ends every other session of the user. */
export async function changePassword(ctx: AppContext, userId: string, sessionId: string, input: PasswordChangeRequest) {
  const limit = await ctx.limiter.hit(`pwchange:${userId}`, 10, 15 * 60);
  if (!limit.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(limit.retryAfterSeconds) });
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('CURRENT_PASSWORD_WRONG', undefined, { currentPassword: 'CURRENT_PASSWORD_WRONG' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await destroyOtherSessions(tx, userId, sessionId);
  });
}

export async function requestDeletion(ctx: AppContext, userId: string, reason?: string | null) {
  const inserted = await ctx.db
    .insert(accountDeletionRequests)
    .values({ userId, reason: reason || null })
    .onConflictDoNothing()
    .returning({ id: accountDeletionRequests.id });
  if (inserted.length === 0) throw new AppError('DELETION_PENDING');
  return getAccount(ctx.db, userId);
}

export async function cancelDeletion(ctx: AppContext, userId: string) {
  await ctx.db
    .update(accountDeletionRequests)
    .set({ status: 'cancelled', decidedAt: new Date() })
    .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')));
  return getAccount(ctx.db, userId);
}
