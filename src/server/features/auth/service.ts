import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../shared/limits';
import { ADMIN_PERMISSIONS, TALENT_TYPES, USER_TYPES, labelOf, type UserType } from '../../../shared/options';
import type { LoginRequest, Me, PasswordResetConfirm, SignupRequest } from '../../../shared/schemas/auth';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import { getSettings } from '../settings';
import {
  adminLogs,
  adminPermissions,
  agencies,
  agencyStaff,
  companies,
  influencers,
  talentProfiles,
  talentTypeDetails,
  userProfiles,
  users,
  verificationCodes,
} from '../../db/schema';
import { findByTicket, issueCode, issueWithoutCode, verifyCode } from '../../platform/codes';
import { destroyOtherSessions } from '../../platform/session';
import type { AppContext } from '../../platform/context';
import { AppError, safeErrorLog } from '../../platform/errors';
import { claimUploads, findAttachablePortfolio } from '../uploads';
import { createAgencyAtSignup } from '../agencies';

// argon2id, OWASP-recommended cost (19 MiB, t=2, p=1)
/** the agency a staff account works for (decision 0067) */
const staffAgency = alias(agencies, 'staff_agency');

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
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return Boolean(row);
}

/** The site's address for links in mails (config.siteUrl: PUBLIC_URL, else this server on localhost). */
export function siteOrigin(ctx: AppContext) {
  return ctx.config.siteUrl;
}

/**
 * POST /api/auth/email-code: sends a 6-digit sign-up code by mail (outbox in development). A
 * registered address gets the same answer under the same limits, but no code: a mail tells its
 * owner that someone tried to sign up with it, with links to sign in and to reset the password.
 */
export async function sendSignupCode(ctx: AppContext, email: string, ip: string) {
  if (await emailExists(ctx.db, email)) {
    const origin = siteOrigin(ctx);
    return issueWithoutCode(ctx, 'signup_email', email, ip, async () => {
      await ctx.mailer.send({
        channel: 'email',
        to: email,
        subject: '【直播带货平台】注册提醒 / Sign-up attempt',
        body:
          `有人尝试使用此邮箱注册直播带货平台账号，但此邮箱已注册。\n` +
          `如果是您本人，请直接登录：${origin}/login-test\n` +
          `忘记密码？请重置密码：${origin}/forgot-password\n` +
          `如非本人操作，请忽略本邮件，您的账号不受影响。\n\n` +
          `Someone tried to sign up with this email address, which already has an account. ` +
          `If it was you, sign in (${origin}/login-test) or reset your password (${origin}/forgot-password). ` +
          `Otherwise ignore this mail; your account is not affected.`,
      });
    });
  }
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

/** POST /api/auth/email-code/verify: the ticket is the proof of verification sign-up needs (cookie or signupToken). */
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
      agencyName: agencies.name,
      avatarUrl: sql<string | null>`coalesce(${agencies.logoUrl}, ${staffAgency.logoUrl}, ${influencers.avatarUrl}, ${companies.logoUrl})`,
      staffName: agencyStaff.name,
      staffRole: agencyStaff.role,
      staffAgencyId: staffAgency.id,
      staffAgencyName: staffAgency.name,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(influencers, eq(influencers.userId, users.id))
    .leftJoin(agencies, eq(agencies.userId, users.id))
    .leftJoin(companies, eq(companies.userId, users.id))
    // a staff account (decision 0067): the agency it works for
    .leftJoin(agencyStaff, and(eq(agencyStaff.userId, users.id), eq(agencyStaff.status, 'active')))
    .leftJoin(staffAgency, eq(staffAgency.id, agencyStaff.agencyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED');
  const userType = USER_TYPES.find((t) => t === row.userType) ?? null;
  return {
    id: row.id,
    email: row.email,
    userType,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    displayName: row.nickname ?? row.agencyName ?? row.staffAgencyName ?? null,
    avatarUrl: row.avatarUrl ?? null,
    agencyStaff:
      row.staffAgencyId && row.staffAgencyName !== null && row.staffName !== null
        ? { agencyId: row.staffAgencyId, agencyName: row.staffAgencyName, role: row.staffRole === 'admin' ? 'admin' : 'operator', name: row.staffName }
        : null,
  };
}
export const getMe = loadMe;

/**
 * POST /api/auth/signup. Needs the proof of a verification of this email made within the last 30
 * minutes: the ticket from the signup_ticket cookie of the verifying browser, or the signupToken
 * the verify call returned. Creates the account, its role rows and (influencers) the talent
 * questionnaire with its portfolio files, and consumes the verification — all in one transaction.
 * Returns the new user id.
 */
export async function signup(ctx: AppContext, input: SignupRequest, cookieTicket?: string): Promise<string> {
  // 系统设置 can pause sign-up per account type
  if (!(await getSettings(ctx)).signupOpen[input.userType]) throw new AppError('SIGNUP_CLOSED', undefined, { userType: 'SIGNUP_CLOSED' });
  const ticket = input.signupToken || cookieTicket;
  const verified = ticket ? await findByTicket(ctx, 'signup_email', ticket, LIMITS.signupVerifiedTtlSeconds) : null;
  if (!verified || verified.target !== input.email) throw new AppError('EMAIL_NOT_VERIFIED', undefined, { email: 'EMAIL_NOT_VERIFIED' });
  if (await emailExists(ctx.db, input.email)) throw new AppError('EMAIL_TAKEN', undefined, { email: 'EMAIL_TAKEN' });
  const passwordHash = await hashPassword(input.password);

  try {
    return await ctx.db.transaction(async (tx) => {
      const consumed = await tx
        .update(verificationCodes)
        .set({ consumedAt: ctx.clock.now() })
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

        const [profile] = await tx.insert(talentProfiles).values({ userId: user.id, talentTypes: types }).returning({ id: talentProfiles.id });
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
      if (input.userType === 'agency' && input.agency) {
        await createAgencyAtSignup(tx, { userId: user.id, signupVerificationId: verified.id, details: input.agency });
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
const loginEmailKey = (email: string) => `login:fail:e:${email}`;

/**
 * POST /api/auth/login. Every attempt is counted (atomically: the limiter's increment) per IP and
 * then per email BEFORE the password is checked, and refused with 429 once over the limit, so
 * parallel guesses cannot all slip past a check. A successful sign-in takes its IP count back and
 * clears the email's count; failures stay counted for the 15-minute window.
 */
export async function login(ctx: AppContext, input: LoginRequest, ip: string): Promise<string> {
  const emailKey = loginEmailKey(input.email);
  const ipKey = `login:fail:ip:${ip}`;
  const perIp = await ctx.limiter.hit(ipKey, LOGIN_MAX_PER_IP, LOGIN_WINDOW);
  if (!perIp.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(perIp.retryAfterSeconds) });
  const perEmail = await ctx.limiter.hit(emailKey, LOGIN_MAX_PER_EMAIL, LOGIN_WINDOW);
  if (!perEmail.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(perEmail.retryAfterSeconds) });

  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt, isDemo: users.isDemo })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  // told only to whoever knows the password
  if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  // a demo account (its password is published) signs in to a production site only when SEED_DEMO=true (decision 0032)
  if (user.isDemo && ctx.config.isProduction && !ctx.config.seedDemo) throw new AppError('DEMO_ACCOUNT_DISABLED');
  await ctx.limiter.reset(emailKey);
  await ctx.limiter.undo(ipKey);
  if (ctx.config.admin && ctx.config.admin.email === input.email) {
    await promoteToAdmin(ctx.db, user.id, null, 'admin_auto_promote', '指定管理员邮箱登录，已授予管理员权限');
  }
  return user.id;
}

/**
 * POST /api/auth/password-reset/request (忘记密码). A registered address gets a 6-digit code by
 * mail; an unknown one gets the same answer, under the same limits, and a mail saying that no
 * account uses it (so the answer and its timing tell nothing).
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string) {
  const origin = siteOrigin(ctx);
  if (!(await emailExists(ctx.db, email))) {
    return issueWithoutCode(ctx, 'password_reset', email, ip, async () => {
      await ctx.mailer.send({
        channel: 'email',
        to: email,
        subject: '【直播带货平台】重置密码 / Password reset',
        body:
          `有人请求重置此邮箱的直播带货平台密码，但没有与此邮箱关联的账号。\n` +
          `如需注册，请访问：${origin}/signup\n如非本人操作，请忽略本邮件。\n\n` +
          `Someone asked to reset the password for this email address, but no account uses it. ` +
          `To create one, visit ${origin}/signup. Otherwise ignore this mail.`,
      });
    });
  }
  return issueCode(ctx, 'password_reset', email, ip, async (code, ttl) => {
    await ctx.mailer.send({
      channel: 'email',
      to: email,
      subject: '【直播带货平台】重置密码验证码 / Password reset code',
      body:
        `您的重置密码验证码是 ${code}，${Math.round(ttl / 60)} 分钟内有效。请勿泄露给他人。\n` +
        `如非本人操作，请忽略本邮件，您的密码不会改变。\n\n` +
        `Your password reset code is ${code}. It is valid for ${Math.round(ttl / 60)} minutes. ` +
        `If you did not ask for it, ignore this email; your password stays as it is.`,
    });
  });
}

/**
 * POST /api/auth/password-reset/confirm. Checks and uses up the code (5 tries, 10 minutes), sets
 * the new password (argon2id), ends every session of the account — the requester's too — and
 * tells the owner by mail. Nobody is signed in: the user signs in with the new password.
 */
export async function confirmPasswordReset(ctx: AppContext, input: PasswordResetConfirm) {
  const passwordHash = await hashPassword(input.password);
  // an unknown address holds only a code-less row: this fails exactly like a wrong code
  await verifyCode(ctx, 'password_reset', input.email, input.code, undefined, { consume: true });
  const userId = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: ctx.clock.now() })
      .where(sql`lower(${users.email}) = ${input.email}`)
      .returning({ id: users.id });
    if (!user) throw new AppError('CODE_INVALID');
    await destroyOtherSessions(tx, user.id);
    return user.id;
  });
  await ctx.limiter.reset(loginEmailKey(input.email));
  const origin = siteOrigin(ctx);
  try {
    await ctx.mailer.send({
      channel: 'email',
      to: input.email,
      subject: '【直播带货平台】密码已重置 / Password changed',
      body:
        `您的密码已重置，所有设备上的登录已退出。请使用新密码登录：${origin}/login-test\n` +
        `如非本人操作，请立即通过“忘记密码”重新设置密码并联系客服。\n\n` +
        `Your password was reset and every device was signed out. Sign in with the new password. ` +
        `If this was not you, reset your password again at once and contact support.`,
    });
  } catch (err) {
    // the password is changed either way; the notice is best effort
    ctx.log.warn({ ...safeErrorLog(err), userId }, 'password-changed notice not delivered');
  }
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
      await ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(admin.password), updatedAt: new Date() })
        .where(eq(users.id, userId));
      ctx.log.info('admin password updated from ADMIN_PASSWORD');
    }
  }
  await promoteToAdmin(ctx.db, userId, null, 'admin_account_ensured', '系统启动：根据 ADMIN_EMAIL 确保管理员账号');
}
