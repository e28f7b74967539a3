/**
 * Who is an admin: /admin-login, the first admin through /admin-setup (one-time token from the
 * server log), invitations, permissions and removal. Nobody becomes an admin by signing in: admins
 * come from ADMIN_EMAIL / ADMIN_PASSWORD, the setup token while none exists, or another admin.
 */
import { pageOfAll, type PageQuery } from '../../../shared/schemas/common';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ADMIN_PERMISSIONS, type AdminPermission } from '../../../shared/options';
import type {
  AcceptInviteRequest,
  AdminLoginRequest,
  AdminInviteAnswer,
  AdminsResponse,
  AdminSummary,
  FirstAdminRequest,
  InviteRequest,
} from '../../../shared/schemas/admin';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import { adminInvites, adminPermissions, userProfiles, users } from '../../db/schema';
import { audit, permissionsOf } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { randomToken, safeEqualHex, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mailQueue';
import { destroyOtherSessions } from '../../platform/session';
import { hashPassword, login, siteOrigin } from '../auth';

/** serialises every change to the set of admins (so two removals cannot leave none) */
const ADMIN_SET_LOCK = 74_201_001;
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const SETUP_ATTEMPTS = { max: 10, windowSeconds: 15 * 60 };

const lockAdminSet = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);

export async function hasAdmin(db: DbOrTx) {
  const [row] = await db.select({ id: userProfiles.userId }).from(userProfiles).where(eq(userProfiles.userType, 'admin')).limit(1);
  return Boolean(row);
}

/**
 * At start: while no admin exists, this instance accepts a one-time setup token at /admin-setup.
 * ADMIN_SETUP_TOKEN pins it (automated deployments); otherwise a random one is printed in the log —
 * the only secret the log ever carries, by design, and useless once an admin exists.
 */
export async function prepareAdminSetup(ctx: AppContext) {
  if (await hasAdmin(ctx.db)) {
    ctx.adminSetup.tokenHash = null;
    return null;
  }
  const token = ctx.config.adminSetupToken ?? randomToken(18);
  ctx.adminSetup.tokenHash = sha256(token);
  if (!ctx.config.adminSetupToken) {
    ctx.log.warn(`No administrator exists yet. Open /admin-setup and enter this one-time setup token: ${token}`);
  } else {
    ctx.log.warn('No administrator exists yet. Open /admin-setup and enter the token of ADMIN_SETUP_TOKEN.');
  }
  return token;
}

type Meta = { ip: string };

/** POST /api/admin/login: the normal sign-in checks, then admins only; every attempt is logged. */
export async function adminLogin(ctx: AppContext, input: AdminLoginRequest, meta: Meta): Promise<string> {
  let userId: string;
  try {
    userId = await login(ctx, input, meta.ip);
  } catch (err) {
    if (err instanceof AppError) {
      await audit(ctx.db, {
        adminId: null,
        action: 'admin_login_failed',
        description: `管理员登录失败（${err.code}）：${input.email}`,
        targetType: 'email',
        targetId: input.email,
        ip: meta.ip,
      });
    }
    throw err;
  }
  const [profile] = await ctx.db.select({ userType: userProfiles.userType }).from(userProfiles).where(eq(userProfiles.userId, userId));
  if (profile?.userType !== 'admin') {
    await audit(ctx.db, {
      adminId: null,
      action: 'admin_login_denied',
      description: `非管理员账号尝试登录管理后台：${input.email}`,
      targetType: 'user',
      targetId: userId,
      ip: meta.ip,
    });
    throw new AppError('ADMIN_ONLY');
  }
  await audit(ctx.db, { adminId: userId, action: 'admin_login_success', description: `管理员登录成功：${input.email}`, ip: meta.ip });
  return userId;
}

async function createAdminAccount(tx: DbOrTx, email: string, password: string, permissions: readonly AdminPermission[], grantedBy: string | null) {
  const [existing] = await tx
    .select({ id: users.id, userType: userProfiles.userType })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (existing) throw new AppError(existing.userType === 'admin' ? 'INVITE_ALREADY_ADMIN' : 'INVITE_EMAIL_TAKEN');
  let id: string;
  try {
    const [row] = await tx
      .insert(users)
      .values({ email, passwordHash: await hashPassword(password) })
      .returning({ id: users.id });
    id = row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('INVITE_EMAIL_TAKEN');
    throw err;
  }
  await tx.insert(userProfiles).values({ userId: id, userType: 'admin' });
  if (permissions.length) {
    await tx.insert(adminPermissions).values(permissions.map((p) => ({ adminId: id, permissionName: p, grantedBy: grantedBy ?? id })));
  }
  return id;
}

/** POST /api/admin/setup: the first admin, with the setup token; refused once any admin exists. */
export async function createFirstAdmin(ctx: AppContext, input: FirstAdminRequest, meta: Meta): Promise<string> {
  const attempt = await ctx.limiter.hit(`admin-setup:ip:${meta.ip}`, SETUP_ATTEMPTS.max, SETUP_ATTEMPTS.windowSeconds);
  if (!attempt.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(attempt.retryAfterSeconds) });
  const expected = ctx.adminSetup.tokenHash;
  if (!expected) throw new AppError((await hasAdmin(ctx.db)) ? 'SETUP_DONE' : 'SETUP_TOKEN_INVALID');
  if (!safeEqualHex(sha256(input.token), expected)) throw new AppError('SETUP_TOKEN_INVALID');
  const id = await ctx.db.transaction(async (tx) => {
    await lockAdminSet(tx);
    if (await hasAdmin(tx)) throw new AppError('SETUP_DONE');
    const userId = await createAdminAccount(tx, input.email, input.password, ADMIN_PERMISSIONS, null);
    await audit(tx, {
      adminId: userId,
      action: 'admin_setup',
      description: `通过初始化令牌创建首位管理员：${input.email}`,
      targetType: 'admin',
      targetId: userId,
      after: { permissions: [...ADMIN_PERMISSIONS] },
      ip: meta.ip,
    });
    return userId;
  });
  ctx.adminSetup.tokenHash = null;
  return id;
}

export async function listAdmins(ctx: AppContext, selfId: string, q: PageQuery): Promise<AdminsResponse> {
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      permissions: sql<
        string[]
      >`coalesce(array_agg(${adminPermissions.permissionName} order by ${adminPermissions.permissionName}) filter (where ${adminPermissions.permissionName} is not null), '{}')`,
    })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .leftJoin(adminPermissions, eq(adminPermissions.adminId, users.id))
    .where(eq(userProfiles.userType, 'admin'))
    .groupBy(users.id)
    .orderBy(asc(users.createdAt));
  const now = ctx.clock.now();
  const invites = await ctx.db
    .select()
    .from(adminInvites)
    .where(and(isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt), gt(adminInvites.expiresAt, now)))
    .orderBy(asc(adminInvites.createdAt));
  const known = (list: string[]) => list.filter((p): p is AdminPermission => (ADMIN_PERMISSIONS as readonly string[]).includes(p));
  return {
    ...pageOfAll(
      rows.map((r) => ({
        id: r.id,
        email: r.email,
        permissions: known(r.permissions),
        createdAt: r.createdAt.toISOString(),
        isSelf: r.id === selfId,
      })),
      q,
    ),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      permissions: known(i.permissions),
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/** POST /api/admin/invites: a mailed one-time link; an address of a member account is refused. */
export async function inviteAdmin(ctx: AppContext, actorId: string, input: InviteRequest, meta: Meta): Promise<AdminInviteAnswer> {
  const token = randomToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const permissions = ADMIN_PERMISSIONS.filter((p) => input.permissions.includes(p));
  const id = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userType: userProfiles.userType })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(sql`lower(${users.email}) = ${input.email}`)
      .limit(1);
    if (existing) throw new AppError(existing.userType === 'admin' ? 'INVITE_ALREADY_ADMIN' : 'INVITE_EMAIL_TAKEN');
    // a new invitation replaces an earlier one to the same address
    await tx
      .update(adminInvites)
      .set({ revokedAt: now })
      .where(and(sql`lower(${adminInvites.email}) = ${input.email}`, isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt)));
    const [row] = await tx
      .insert(adminInvites)
      .values({ email: input.email, tokenHash: sha256(token), permissions, invitedBy: actorId, createdAt: now, expiresAt })
      .returning({ id: adminInvites.id });
    await audit(tx, {
      adminId: actorId,
      action: 'admin_invite',
      description: `邀请管理员：${input.email}`,
      targetType: 'invite',
      targetId: row.id,
      after: { email: input.email, permissions },
      ip: meta.ip,
    });
    // queued with the invitation (decision 0040): it is sent only if the invitation is stored, and retried
    const link = `${siteOrigin(ctx)}/admin-setup?invite=${encodeURIComponent(token)}`;
    await queueMail(tx, {
      direct: {
        kind: 'admin_invite',
        to: input.email,
        locale: 'zh-CN',
        title: '管理员邀请 / Administrator invitation',
        body:
          `您被邀请成为直播带货平台的管理员。请在 7 天内打开以下链接设置密码：\n${link}\n\n` +
          `You were invited to become an administrator of the live-commerce marketplace. Open the link within 7 days to set your password:\n${link}`,
        link,
      },
    });
    return row.id;
  });
  return { invite: { id, email: input.email, permissions, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() } };
}

export async function revokeInvite(ctx: AppContext, actorId: string, inviteId: string, meta: Meta) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminInvites)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(adminInvites.id, inviteId), isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt)))
      .returning({ email: adminInvites.email });
    if (!row) throw new AppError('INVITE_INVALID');
    await audit(tx, {
      adminId: actorId,
      action: 'admin_invite_revoke',
      description: `撤销管理员邀请：${row.email}`,
      targetType: 'invite',
      targetId: inviteId,
      ip: meta.ip,
    });
  });
}

async function openInvite(db: DbOrTx, token: string, now: Date, lock = false) {
  const q = db
    .select()
    .from(adminInvites)
    .where(and(eq(adminInvites.tokenHash, sha256(token)), isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt), gt(adminInvites.expiresAt, now)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('INVITE_INVALID');
  return row;
}

export async function inspectInvite(ctx: AppContext, token: string) {
  const row = await openInvite(ctx.db, token, ctx.clock.now());
  return {
    email: row.email,
    permissions: row.permissions.filter((p): p is AdminPermission => (ADMIN_PERMISSIONS as readonly string[]).includes(p)),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** POST /api/admin/invites/accept: creates the admin account of the invitation (once) and signs it in. */
export async function acceptInvite(ctx: AppContext, input: AcceptInviteRequest, meta: Meta): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const invite = await openInvite(tx, input.token, ctx.clock.now(), true);
    const permissions = ADMIN_PERMISSIONS.filter((p) => invite.permissions.includes(p));
    const userId = await createAdminAccount(tx, invite.email, input.password, permissions, invite.invitedBy);
    await tx.update(adminInvites).set({ acceptedAt: ctx.clock.now() }).where(eq(adminInvites.id, invite.id));
    await audit(tx, {
      adminId: userId,
      action: 'admin_invite_accept',
      description: `接受管理员邀请：${invite.email}`,
      targetType: 'admin',
      targetId: userId,
      after: { permissions },
      ip: meta.ip,
    });
    return userId;
  });
}

async function adminIds(tx: DbOrTx) {
  const rows = await tx.select({ id: userProfiles.userId }).from(userProfiles).where(eq(userProfiles.userType, 'admin'));
  return rows.map((r) => r.id);
}

async function settingsHolders(tx: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: adminPermissions.adminId })
    .from(adminPermissions)
    .where(and(inArray(adminPermissions.adminId, ids), eq(adminPermissions.permissionName, 'system_settings')));
  return rows.map((r) => r.id);
}

/** PUT /api/admin/admins/:id/permissions: replaces the permissions; someone always keeps 系统设置. */
export async function setPermissions(ctx: AppContext, actorId: string, targetId: string, wanted: AdminPermission[], meta: Meta): Promise<AdminSummary> {
  const permissions = ADMIN_PERMISSIONS.filter((p) => wanted.includes(p));
  return ctx.db.transaction(async (tx) => {
    await lockAdminSet(tx);
    const ids = await adminIds(tx);
    if (!ids.includes(targetId)) throw new AppError('NOT_AN_ADMIN');
    const before = await permissionsOf(tx, targetId);
    if (!permissions.includes('system_settings')) {
      const holders = (await settingsHolders(tx, ids)).filter((id) => id !== targetId);
      if (holders.length === 0) throw new AppError('LAST_SETTINGS_ADMIN');
    }
    await tx.delete(adminPermissions).where(eq(adminPermissions.adminId, targetId));
    if (permissions.length) {
      await tx.insert(adminPermissions).values(permissions.map((p) => ({ adminId: targetId, permissionName: p, grantedBy: actorId })));
    }
    const [target] = await tx.select({ email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.id, targetId));
    await audit(tx, {
      adminId: actorId,
      action: 'admin_permissions',
      description: `修改管理员权限：${target?.email ?? targetId}`,
      targetType: 'admin',
      targetId,
      before: { permissions: before },
      after: { permissions },
      ip: meta.ip,
    });
    return { id: targetId, email: target.email, permissions, createdAt: target.createdAt.toISOString(), isSelf: targetId === actorId };
  });
}

/** DELETE /api/admin/admins/:id: removes the admin rights (never the last admin's); their sessions end. */
export async function removeAdmin(ctx: AppContext, actorId: string, targetId: string, meta: Meta) {
  await ctx.db.transaction(async (tx) => {
    await lockAdminSet(tx);
    const ids = await adminIds(tx);
    if (!ids.includes(targetId)) throw new AppError('NOT_AN_ADMIN');
    if (ids.length <= 1) throw new AppError('LAST_ADMIN');
    const holders = (await settingsHolders(tx, ids)).filter((id) => id !== targetId);
    if (holders.length === 0) throw new AppError('LAST_SETTINGS_ADMIN');
    const before = await permissionsOf(tx, targetId);
    await tx.delete(adminPermissions).where(eq(adminPermissions.adminId, targetId));
    await tx.update(userProfiles).set({ userType: null, updatedAt: new Date() }).where(eq(userProfiles.userId, targetId));
    await destroyOtherSessions(tx, targetId);
    const [target] = await tx.select({ email: users.email }).from(users).where(eq(users.id, targetId));
    await audit(tx, {
      adminId: actorId,
      action: 'admin_remove',
      description: `移除管理员权限：${target?.email ?? targetId}`,
      targetType: 'admin',
      targetId,
      before: { userType: 'admin', permissions: before },
      after: { userType: null, permissions: [] },
      ip: meta.ip,
    });
  });
}
