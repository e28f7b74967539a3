import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/limits';
import { ADMIN_PERMISSIONS, TALENT_TYPES, labelOf, type UserType } from '../../../shared/options';
import type { LoginRequest, Me, SignupRequest } from '../../../shared/schemas/auth';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import {
  adminLogs,
  adminPermissions,
  influencers,
  talentProfiles,
  talentTypeDetails,
  userProfiles,
  users,
  verificationCodes,
} from '../../db/schema';
import { findVerified, issueCode, verifyCode } from '../../platform/codes';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { claimUploads, findAttachablePortfolio } from '../uploads/service';

// argon2id, OWASP-recommended cost (19 MiB, t=2, p=1)
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON);
const DUMMY_HASH = hash('not-a-real-password', ARGON);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export async function emailExists(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return Boolean(row);
}

/** POST /api/auth/email-code: sends a 6-digit sign-up code by mail (outbox in development). */
export async function sendSignupCode(ctx: AppContext, email: string, ip: string) {
  if (await emailExists(ctx.db, email)) throw new AppError('EMAIL_TAKEN');
  return issueCode(ctx, 'signup_email', email, ip, async (code, ttl) => {
    await ctx.mailer.send({
      channel: 'email',
      to: email,
      subject: '【直播带货平台】注册验证码 / Sign-up code',
      body:
        `您的注册验证码是 ${code}，${Math.round(ttl / 60)} 分钟内有效。如非本人操作，请忽略本邮件。\n\n` +
        `Your sign-up code is ${code}. It is valid for ${Math.round(ttl / 60)} minutes. If you did not ask for it, ignore this email.`,
    });
  });
}

export async function verifySignupCode(ctx: AppContext, email: string, code: string) {
  return verifyCode(ctx, 'signup_email', email, code);
}

async function loadMe(db: DbOrTx, userId: string): Promise<Me> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      userType: userProfiles.userType,
      phone: userProfiles.phone,
      nickname: influencers.nickname,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(influencers, eq(influencers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED');
  const userType = (['admin', 'influencer', 'company'] as const).find((t) => t === row.userType) ?? null;
  return {
    id: row.id,
    email: row.email,
    userType,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    displayName: row.nickname ?? null,
  };
}
export const getMe = loadMe;

/**
 * POST /api/auth/signup. Needs the email verified by code within the last 30 minutes. Creates the
 * account, its role rows and (influencers) the talent questionnaire with its portfolio files, and
 * consumes the code — all in one transaction. Returns the new user id.
 */
export async function signup(ctx: AppContext, input: SignupRequest): Promise<string> {
  const verified = await findVerified(ctx, 'signup_email', input.email, LIMITS.signupVerifiedTtlSeconds);
  if (!verified) throw new AppError('EMAIL_NOT_VERIFIED', undefined, { email: 'EMAIL_NOT_VERIFIED' });
  if (await emailExists(ctx.db, input.email)) throw new AppError('EMAIL_TAKEN', undefined, { email: 'EMAIL_TAKEN' });
  const passwordHash = await hashPassword(input.password);

  try {
    return await ctx.db.transaction(async (tx) => {
      const consumed = await tx
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(verificationCodes.id, verified.id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (consumed.length === 0) throw new AppError('EMAIL_NOT_VERIFIED');

      const [user] = await tx.insert(users).values({ email: input.email, passwordHash }).returning({ id: users.id });
      await tx.insert(userProfiles).values({ userId: user.id, userType: input.userType });

      if (input.userType === 'influencer' && input.talent) {
        await tx.insert(influencers).values({ userId: user.id, nickname: input.email.split('@')[0].slice(0, 40) });
        const types = [...new Set(input.talent.types)];
        const allIds = types.flatMap((t) => input.talent!.details[t]?.portfolioFileIds ?? []);
        const files = await findAttachablePortfolio(tx, allIds, { signupVerificationId: verified.id });
        const byId = new Map(files.map((f) => [f.id, f]));
        const missing = allIds.filter((id) => !byId.has(id));
        if (missing.length > 0 || new Set(allIds).size !== allIds.length) throw new AppError('UPLOAD_NOT_FOUND');

        const [profile] = await tx
          .insert(talentProfiles)
          .values({ userId: user.id, talentTypes: types })
          .returning({ id: talentProfiles.id });
        for (const type of types) {
          const d = input.talent.details[type]!;
          await tx.insert(talentTypeDetails).values({
            profileId: profile.id,
            talentType: type,
            experience: d.experience!,
            portfolioLinks: d.portfolioLinks,
            portfolioFiles: d.portfolioFileIds.map((id) => byId.get(id)!.url),
            formData: { ...d, talentTypeLabel: labelOf(TALENT_TYPES, type) },
            categories: d.categories,
            hostStyles: d.hostStyles,
            achievement: d.achievement || null,
            operationCategories: d.operationCategories,
            operationSkills: d.operationSkills,
            successCases: d.successCases || null,
            editingSoftware: d.editingSoftware,
            editingStyles: d.editingStyles,
          });
        }
        await claimUploads(tx, allIds, user.id);
      }
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', undefined, { email: 'EMAIL_TAKEN' });
    throw err;
  }
}

const LOGIN_WINDOW = 15 * 60;
const LOGIN_MAX_PER_EMAIL = 10;
const LOGIN_MAX_PER_IP = 50;

/** POST /api/auth/login. Failed attempts are limited per email and per IP. */
export async function login(ctx: AppContext, input: LoginRequest, ip: string): Promise<string> {
  const emailKey = `login:fail:e:${input.email}`;
  const ipKey = `login:fail:ip:${ip}`;
  if ((await ctx.limiter.peek(emailKey)) >= LOGIN_MAX_PER_EMAIL || (await ctx.limiter.peek(ipKey)) >= LOGIN_MAX_PER_IP) {
    throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(LOGIN_WINDOW) });
  }
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!user || !ok) {
    await ctx.limiter.hit(emailKey, LOGIN_MAX_PER_EMAIL, LOGIN_WINDOW);
    await ctx.limiter.hit(ipKey, LOGIN_MAX_PER_IP, LOGIN_WINDOW);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.limiter.reset(emailKey);
  if (ctx.config.admin && ctx.config.admin.email === input.email) {
    await promoteToAdmin(ctx.db, user.id, null, 'admin_auto_promote', '指定管理员邮箱登录，已授予管理员权限');
  }
  return user.id;
}

/**
 * Makes `userId` an admin with the five permissions of part 1 §4 and writes a log row.
 * Called only by the server (start-up ADMIN_EMAIL, sign-in of that address, or another admin).
 */
export async function promoteToAdmin(db: DbOrTx, userId: string, grantedBy: string | null, action: string, description: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ userType: userProfiles.userType }).from(userProfiles).where(eq(userProfiles.userId, userId));
    await tx
      .insert(userProfiles)
      .values({ userId, userType: 'admin' satisfies UserType })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { userType: 'admin', updatedAt: new Date() } });
    await tx
      .insert(adminPermissions)
      .values(ADMIN_PERMISSIONS.map((p) => ({ adminId: userId, permissionName: p, grantedBy })))
      .onConflictDoNothing();
    if (before?.userType !== 'admin') {
      await tx.insert(adminLogs).values({ adminId: userId, actionType: action, description });
    }
  });
}

/** Start-up: ADMIN_EMAIL + ADMIN_PASSWORD ensure that admin account exists with that password. */
export async function ensureAdminAccount(ctx: AppContext) {
  const admin = ctx.config.admin;
  if (!admin?.password) return;
  const [existing] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${admin.email}`)
    .limit(1);
  let userId: string;
  if (!existing) {
    const passwordHash = await hashPassword(admin.password);
    try {
      const [row] = await ctx.db.insert(users).values({ email: admin.email, passwordHash }).returning({ id: users.id });
      userId = row.id;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return ensureAdminAccount(ctx); // another instance created it first
    }
    ctx.log.info('admin account created from ADMIN_EMAIL');
  } else {
    userId = existing.id;
    if (!(await verifyPassword(existing.passwordHash, admin.password))) {
      await ctx.db.update(users).set({ passwordHash: await hashPassword(admin.password), updatedAt: new Date() }).where(eq(users.id, userId));
      ctx.log.info('admin password updated from ADMIN_PASSWORD');
    }
  }
  await promoteToAdmin(ctx.db, userId, null, 'admin_account_ensured', '系统启动：根据 ADMIN_EMAIL 确保管理员账号');
}
