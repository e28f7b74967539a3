import { and, eq } from 'drizzle-orm';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { ADMIN_PERMISSIONS, ADMIN_PERMISSION_LABELS, type AdminPermission } from '../../shared/options';
import type { DbOrTx } from '../db/client';
import { adminLogs, adminPermissions } from '../db/schema';
import type { AppContext } from './context';
import { AppError } from './errors';
import { markGuard } from './openapi/responses';
import type { AuthUser } from './session';

export type AdminUser = AuthUser & { permissions: AdminPermission[] };

declare module 'fastify' {
  interface FastifyRequest {
    /** set by requireAdmin: the admin and the permissions they hold */
    admin?: AdminUser;
  }
}

const isPermission = (p: string): p is AdminPermission => (ADMIN_PERMISSIONS as readonly string[]).includes(p);

export async function permissionsOf(db: DbOrTx, adminId: string): Promise<AdminPermission[]> {
  const rows = await db.select({ p: adminPermissions.permissionName }).from(adminPermissions).where(eq(adminPermissions.adminId, adminId));
  return rows.map((r) => r.p).filter(isPermission);
}

/**
 * The guard of every /api/admin route: a visitor gets 401 用户未登录，请先登录, a signed-in
 * influencer or company 403 权限不足，只有超级管理员可以访问此页面, an admin without the route's
 * permission 403 ADMIN_PERMISSION_MISSING. `permission` undefined = any admin.
 */
export const requireAdmin = (ctx: AppContext, permission?: AdminPermission): preValidationAsyncHookHandler =>
  markGuard(
    async (request) => {
      const user = await request.getUser();
      if (!user) throw new AppError('ADMIN_LOGIN_REQUIRED');
      if (user.userType !== 'admin') throw new AppError('ADMIN_ONLY');
      const permissions = await permissionsOf(ctx.db, user.id);
      if (permission && !permissions.includes(permission)) {
        throw new AppError('ADMIN_PERMISSION_MISSING', { permission: ADMIN_PERMISSION_LABELS[permission].zh });
      }
      request.admin = { ...user, permissions };
    },
    [401, 403],
  );

/** For handlers behind requireAdmin. */
export function currentAdmin(request: FastifyRequest): AdminUser {
  if (!request.admin) throw new AppError('ADMIN_LOGIN_REQUIRED');
  return request.admin;
}

export type AuditRecord = {
  adminId: string | null;
  action: string;
  description: string;
  targetType?: string;
  targetId?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
};

/**
 * Writes one audit-log row. Call it with the transaction that makes the change, so an action and
 * its record commit (or roll back) together: nothing an admin does escapes the log.
 */
export async function audit(tx: DbOrTx, r: AuditRecord) {
  await tx.insert(adminLogs).values({
    adminId: r.adminId,
    actionType: r.action,
    description: r.description,
    targetType: r.targetType ?? null,
    targetId: r.targetId ?? null,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip ?? null,
  });
}

/**
 * Whether an admin deleted this task or video: the row itself is gone (deleteAdminTask, deleteVideo), its
 * audit row says so (admin_logs_target_idx). Its address then answers 410 Gone rather than 404.
 */
export async function deletedByAdmin(db: DbOrTx, kind: 'task' | 'video', id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adminLogs.id })
    .from(adminLogs)
    .where(and(eq(adminLogs.targetType, kind), eq(adminLogs.targetId, id), eq(adminLogs.actionType, `${kind}_delete`)))
    .limit(1);
  return Boolean(row);
}

/** The fields of `after` whose values differ from `before` (for before/after in the audit log). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k] ?? null;
      a[k] = after[k] ?? null;
    }
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}
