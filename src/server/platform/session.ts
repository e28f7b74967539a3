import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ErrorCode } from '../../shared/errors';
import { LIMITS } from '../../shared/limits';
import type { UserType } from '../../shared/options';
import { USER_TYPES } from '../../shared/options';
import type { DbOrTx } from '../db/client';
import { agencies, agencyStaff, sessions, userProfiles, users } from '../db/schema';
import type { AppContext } from './context';
import { randomToken, sha256 } from './crypto';
import { AppError } from './errors';
import { markGuard } from './openapi/responses';

export const SESSION_COOKIE = 'sid';
const DAY_MS = 24 * 60 * 60 * 1000;

export type AuthUser = {
  id: string;
  email: string;
  userType: UserType | null;
  sessionId: string;
  /** set when the request acts with an API key (platform/apiKeyAuth.ts; sessionId is then empty) */
  apiKeyId?: string;
  /**
   * set when an agency acts for a roster influencer (`?onBehalfOf=`, decision 0045): the user is then that
   * influencer, and this names the agency that really acted (features/agencies/onBehalf.ts)
   */
  onBehalf?: OnBehalf;
  /**
   * set when the session is an agency's staff member's (子账号, decision 0067): on the agency's operations the request
   * then runs as the agency's owner (`id`) and this names the staff member who really acted (features/agencies/staffAccess.ts)
   */
  staff?: StaffOf;
};

/** a staff member's place in an agency: who they are, the agency and its owner, and their role */
export type StaffOf = {
  memberId: string;
  userId: string;
  email: string;
  name: string;
  role: 'admin' | 'operator';
  agencyId: string;
  agencyName: string;
  ownerUserId: string;
  ownerEmail: string;
};

/** the agency behind an on-behalf request and the influencer it acts for */
/** `readOnly`: the membership has ended — the agency still reads the deals made under it, changes nothing (decision 0061) */
export type OnBehalf = {
  agencyId: string;
  agencyName: string;
  agencyUserId: string;
  influencerId: string;
  nickname: string;
  readOnly?: boolean;
  /** the agency's staff member who acted (decision 0067); absent: the owner */
  staff?: { userId: string; name: string };
};

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user, resolved once per request (null for visitors) */
    getUser(): Promise<AuthUser | null>;
  }
}

const owners = alias(users, 'agency_owner');

const asUserType = (v: string | null): UserType | null => (v && (USER_TYPES as readonly string[]).includes(v) ? (v as UserType) : null);

export async function createSession(db: DbOrTx, userId: string, request: FastifyRequest): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + LIMITS.sessionTtlDays * DAY_MS),
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    ip: request.ip,
  });
  return token;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: LIMITS.sessionTtlDays * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export async function destroySession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user except `keepSessionId` (password change). */
export async function destroyOtherSessions(db: DbOrTx, userId: string, keepSessionId?: string) {
  await db.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`) : eq(sessions.userId, userId));
}

async function resolve(ctx: AppContext, token: string): Promise<AuthUser | null> {
  const id = sha256(token);
  const now = new Date();
  const [row] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      userType: userProfiles.userType,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      staffId: agencyStaff.id,
      staffName: agencyStaff.name,
      staffRole: agencyStaff.role,
      agencyId: agencies.id,
      agencyName: agencies.name,
      ownerUserId: agencies.userId,
      ownerEmail: owners.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    // a staff member of an agency (decision 0067): one active membership at most (agency_staff_one_active)
    .leftJoin(agencyStaff, and(eq(agencyStaff.userId, users.id), eq(agencyStaff.status, 'active')))
    .leftJoin(agencies, eq(agencies.id, agencyStaff.agencyId))
    .leftJoin(owners, eq(owners.id, agencies.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(users.suspendedAt)))
    .limit(1);
  if (!row) return null;
  // sliding expiry, written at most once a day per session
  if (now.getTime() - row.lastSeenAt.getTime() > DAY_MS) {
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + LIMITS.sessionTtlDays * DAY_MS) })
      .where(eq(sessions.id, id));
  }
  const user: AuthUser = { id: row.id, email: row.email, userType: asUserType(row.userType), sessionId: id };
  if (row.staffId && row.agencyId && row.ownerUserId && row.ownerEmail && row.agencyName !== null && row.staffName !== null) {
    user.staff = {
      memberId: row.staffId,
      userId: row.id,
      email: row.email,
      name: row.staffName,
      role: row.staffRole === 'admin' ? 'admin' : 'operator',
      agencyId: row.agencyId,
      agencyName: row.agencyName,
      ownerUserId: row.ownerUserId,
      ownerEmail: row.ownerEmail,
    };
  }
  return user;
}

export function registerSessions(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('getUser', function (this: FastifyRequest) {
    const req = this as FastifyRequest & { _user?: Promise<AuthUser | null> };
    if (!req._user) {
      const token = req.cookies[SESSION_COOKIE];
      req._user = token && token.length <= 100 ? resolve(ctx, token) : Promise.resolve(null);
    }
    return req._user;
  });
}

/** Makes the rest of the request act as `user` (an agency acting for a roster influencer, decision 0045). */
export function actAs(request: FastifyRequest, user: AuthUser) {
  (request as FastifyRequest & { _user?: Promise<AuthUser | null> })._user = Promise.resolve(user);
}

export async function purgeExpiredSessions(ctx: AppContext) {
  await ctx.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** Guards: every route declares who may call it with one of these as its preValidation hook, so a
 * visitor or a wrong role is refused before the body is validated. */
export const requireUser: preValidationAsyncHookHandler = markGuard(
  async (request) => {
    if (!(await request.getUser())) throw new AppError('UNAUTHENTICATED');
  },
  [401],
);

export const requireRole = (...roles: UserType[]): preValidationAsyncHookHandler =>
  markGuard(
    async (request) => {
      const user = await request.getUser();
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (!user.userType || !roles.includes(user.userType)) throw new AppError('FORBIDDEN');
    },
    [401, 403],
  );

/** A guard with the page's own messages, e.g. 请先登录后再访问个人中心 / 只有达人用户可以访问此页面. */
export const guard = (opts: { roles?: UserType[]; unauthenticated?: ErrorCode; forbidden?: ErrorCode }): preValidationAsyncHookHandler =>
  markGuard(
    async (request) => {
      const user = await request.getUser();
      if (!user) throw new AppError(opts.unauthenticated ?? 'UNAUTHENTICATED');
      if (opts.roles && (!user.userType || !opts.roles.includes(user.userType))) {
        throw new AppError(opts.forbidden ?? 'FORBIDDEN');
      }
    },
    opts.roles ? [401, 403] : [401],
  );

/** For handlers behind requireUser/requireRole: the user, known to be present. */
export async function currentUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await request.getUser();
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}
