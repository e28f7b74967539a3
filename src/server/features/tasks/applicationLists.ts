/**
 * The lists of applications: a task's applicants for its company, an influencer's own. Each is one page in
 * SQL with `total` counted on the same filter (decision 0056).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import { type Db } from '../../db/client';
import { agencies, companies, deals, influencers, taskApplications, taskInvitations, tasks } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { asStatus } from './cards';
import { companyOf } from './locks';

/** The owning company's view of a task's applicants (rate and message included). */
export async function listTaskApplications(db: Db, userId: string, taskId: string, q: PageQuery) {
  const company = await companyOf(db, userId);
  const [t] = await db.select({ companyId: tasks.companyId }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!t) throw new AppError('TASK_NOT_FOUND');
  if (t.companyId !== company.id) throw new AppError('FORBIDDEN');
  const where = eq(taskApplications.taskId, taskId);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(taskApplications).where(where),
    db
      .select({ a: taskApplications, i: influencers, dealId: deals.id, invitationId: taskInvitations.id, agencyName: agencies.name })
      .from(taskApplications)
      .innerJoin(influencers, eq(influencers.id, taskApplications.influencerId))
      .leftJoin(agencies, eq(agencies.id, taskApplications.onBehalfAgencyId))
      .leftJoin(deals, eq(deals.applicationId, taskApplications.id))
      .leftJoin(taskInvitations, eq(taskInvitations.applicationId, taskApplications.id))
      .where(where)
      .orderBy(desc(taskApplications.appliedAt), desc(taskApplications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  const items = rows.map(({ a, i, dealId, invitationId, agencyName }) => ({
    id: a.id,
    taskId: a.taskId,
    status: a.status as 'pending',
    proposedRateCents: a.proposedRateCents,
    message: a.message,
    appliedAt: a.appliedAt.toISOString(),
    respondedAt: a.respondedAt?.toISOString() ?? null,
    dealId: dealId ?? null,
    invited: invitationId !== null,
    viaAgency: a.onBehalfAgencyId && agencyName !== null ? { id: a.onBehalfAgencyId, name: agencyName } : null,
    influencer: {
      id: i.id,
      nickname: i.nickname,
      avatarUrl: i.avatarUrl,
      followersCount: i.followersCount,
      rating: Number(i.rating),
      isVerified: i.isVerified,
    },
  }));
  return { items, total: Number(total), page: q.page, limit: q.limit };
}

/** An influencer's own applications, newest first, with the task. */
export async function listMyApplications(db: Db, userId: string, influencerId: string | undefined, q: PageQuery) {
  const [inf] = await db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
  if (!inf) throw new AppError('INFLUENCER_PROFILE_REQUIRED');
  if (influencerId && influencerId !== inf.id) throw new AppError('FORBIDDEN');
  // task_applications_influencer_idx (influencer_id, applied_at)
  const where = eq(taskApplications.influencerId, inf.id);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(taskApplications).where(where),
    db
      .select({ a: taskApplications, t: tasks, companyName: companies.companyName })
      .from(taskApplications)
      .innerJoin(tasks, eq(tasks.id, taskApplications.taskId))
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .where(where)
      .orderBy(desc(taskApplications.appliedAt), desc(taskApplications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  const items = rows.map(({ a, t, companyName }) => ({
    id: a.id,
    taskId: a.taskId,
    status: a.status as 'pending',
    proposedRateCents: a.proposedRateCents,
    message: a.message,
    appliedAt: a.appliedAt.toISOString(),
    respondedAt: a.respondedAt?.toISOString() ?? null,
    task: {
      id: t.id,
      title: t.title,
      status: asStatus(t.status),
      budgetMinCents: t.budgetMinCents,
      budgetMaxCents: t.budgetMaxCents,
      liveDate: t.liveDate?.toISOString() ?? null,
      companyName,
      slots: t.slots,
      currentApplicants: t.currentApplicants,
    },
  }));
  return { items, total: Number(total), page: q.page, limit: q.limit };
}
