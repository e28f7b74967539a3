/**
 * 概览 and 审计日志: the seven stat cards computed from the data (change versus yesterday from the
 * daily snapshot in system_stats), what waits for an admin, and the audit log.
 */
import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery, AuditResponse, OverviewResponse } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { adminLogs, contactMessages, systemStats, taskApplications, tasks, userProfiles, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { businessDay } from '../../platform/beijingTime';
import { revenueBetween } from '../money';
import { waitingCounts } from './users';
import { countDemoAccounts } from '../demo';

const liveUsers = isNull(users.deletedAt);

async function figures(db: DbOrTx, dayStart: Date, before?: Date) {
  const until = (col: SQL | typeof users.createdAt) => (before ? [lt(col as typeof users.createdAt, before)] : []);
  const [[u], [inf], [comp], [t], [apps], [newUsers], [newTasks], revenue] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(liveUsers, ...until(users.createdAt))),
    db
      .select({ n: count() })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(and(liveUsers, eq(userProfiles.userType, 'influencer'), ...until(users.createdAt))),
    db
      .select({ n: count() })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(and(liveUsers, eq(userProfiles.userType, 'company'), ...until(users.createdAt))),
    db
      .select({ n: count() })
      .from(tasks)
      .where(and(...(before ? [lt(tasks.createdAt, before)] : []))),
    db.select({ n: count() }).from(taskApplications),
    db
      .select({ n: count() })
      .from(users)
      .where(and(gte(users.createdAt, dayStart), ...(before ? [lt(users.createdAt, before)] : []))),
    db
      .select({ n: count() })
      .from(tasks)
      .where(and(gte(tasks.createdAt, dayStart), ...(before ? [lt(tasks.createdAt, before)] : []))),
    // platform fee earned that day, from the ledger (财务's revenue by day)
    revenueBetween(db, dayStart, before),
  ]);
  return {
    totalUsers: u.n,
    totalInfluencers: inf.n,
    totalCompanies: comp.n,
    totalTasks: t.n,
    totalApplications: apps.n,
    dailyNewUsers: newUsers.n,
    dailyNewTasks: newTasks.n,
    dailyRevenueCents: revenue,
  };
}

/** Upserts today's snapshot (called by the overview and its refresh). */
async function snapshot(db: DbOrTx, date: string, f: Awaited<ReturnType<typeof figures>>) {
  const values = { ...f, statDate: date, updatedAt: new Date() };
  await db.insert(systemStats).values(values).onConflictDoUpdate({ target: systemStats.statDate, set: values });
}

const pct = (now: number, then: number | null) => (then === null || then === 0 ? null : Math.round(((now - then) / then) * 1000) / 10);

export async function getOverview(ctx: AppContext): Promise<OverviewResponse> {
  const now = ctx.clock.now();
  const day = businessDay(now);
  const today = await figures(ctx.db, day.start);
  await snapshot(ctx.db, day.date, today);
  // yesterday: its snapshot when one was taken (survives deletions), else computed from creation dates
  const [snap] = await ctx.db.select().from(systemStats).where(eq(systemStats.statDate, day.yesterday)).limit(1);
  const y = snap ?? (await figures(ctx.db, day.yesterdayStart, day.start));
  const [[contact], waiting, recent] = await Promise.all([
    ctx.db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new')),
    waitingCounts(ctx.db),
    listAudit(ctx.db, { page: 1, limit: 10 }),
  ]);
  return {
    cards: {
      totalUsers: { value: today.totalUsers, change: pct(today.totalUsers, y.totalUsers) },
      totalInfluencers: { value: today.totalInfluencers, change: pct(today.totalInfluencers, y.totalInfluencers) },
      totalCompanies: { value: today.totalCompanies, change: pct(today.totalCompanies, y.totalCompanies) },
      totalTasks: { value: today.totalTasks, change: pct(today.totalTasks, y.totalTasks) },
      todayNewUsers: { value: today.dailyNewUsers, change: null },
      todayNewTasks: { value: today.dailyNewTasks, change: null },
      todayRevenueCents: { value: today.dailyRevenueCents, change: null },
    },
    waiting: { ...waiting, contactMessages: contact.n },
    statDate: day.date,
    computedAt: now.toISOString(),
    recent: recent.items,
    demoAccounts: ctx.config.isProduction ? await countDemoAccounts(ctx.db) : null,
  };
}

const toEntry = (r: {
  id: string;
  adminId: string | null;
  adminEmail: string | null;
  actionType: string;
  description: string | null;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  createdAt: Date;
}): AuditEntry => ({ ...r, before: r.before ?? null, after: r.after ?? null, createdAt: r.createdAt.toISOString() });

/** GET /api/admin/audit: newest first; search in the description, the action and the admin's email. */
export async function listAudit(db: DbOrTx, q: Partial<AuditQuery> & { page: number; limit: number }): Promise<AuditResponse> {
  const where: SQL[] = [];
  if (q.action) where.push(eq(adminLogs.actionType, q.action));
  if (q.targetType) where.push(eq(adminLogs.targetType, q.targetType));
  if (q.targetId) where.push(eq(adminLogs.targetId, q.targetId));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    const any = or(ilike(adminLogs.description, like), ilike(adminLogs.actionType, like), ilike(users.email, like));
    if (any) where.push(any);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: adminLogs.id,
        adminId: adminLogs.adminId,
        adminEmail: users.email,
        actionType: adminLogs.actionType,
        description: adminLogs.description,
        targetType: adminLogs.targetType,
        targetId: adminLogs.targetId,
        before: adminLogs.before,
        after: adminLogs.after,
        ip: adminLogs.ip,
        createdAt: adminLogs.createdAt,
      })
      .from(adminLogs)
      .leftJoin(users, eq(users.id, adminLogs.adminId))
      .where(cond)
      .orderBy(desc(adminLogs.createdAt), desc(adminLogs.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(adminLogs).leftJoin(users, eq(users.id, adminLogs.adminId)).where(cond),
  ]);
  return { items: rows.map(toEntry), total, page: q.page, limit: q.limit };
}

void sql;
