/**
 * The agency's pipeline (机构工作台, issue 25 item 5): applications, invitations and deals across its roster, filtered by
 * influencer and state, newest first, a page at a time, with the count of each kind in each state.
 *
 * Whose records: deals made under the agency (`deals.agency_id`, decision 0044: the agency's whatever happened to the
 * membership since); applications and invitations of the current roster (active or ending) — the ones it already
 * lists and answers for the influencer (`?onBehalfOf=`, decision 0045). Every list is one statement from the agency's rows down an index
 * (`deals_agency_idx`; the memberships, then `task_applications_influencer_idx` / `task_invitations_influencer_idx`).
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dealFactsOf, dealOverdue, waitingFor, type GuardEnv } from '../../../shared/deals';
import type { AgencyPipelineQuery, AgencyPipelineResponse, PipelineItem, PipelineKind } from '../../../shared/schemas/agencies';
import type { DbOrTx } from '../../db/client';
import { agencyMemberships, companies, dealDisputes, dealEvents, deals, influencers, taskApplications, taskInvitations, tasks } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { agencyOfUser } from './model';

const influencerRef = { id: influencers.id, nickname: influencers.nickname, avatarUrl: influencers.avatarUrl };
const taskRef = { id: tasks.id, title: tasks.title };
type Status = PipelineItem['status'];

/** the current roster's memberships, joined to a record of the influencer (what the agency's on-behalf lists show too) */
const onRoster = (agencyId: string, influencerCol: AnyPgColumn) =>
  and(eq(agencyMemberships.influencerId, influencerCol), eq(agencyMemberships.agencyId, agencyId), inArray(agencyMemberships.status, ['active', 'ending']));

async function countsOf(db: DbOrTx, agencyId: string, influencerId: string | undefined) {
  const byInf = (col: AnyPgColumn) => (influencerId ? eq(col, influencerId) : undefined);
  const [d, a, i] = await Promise.all([
    db
      .select({ status: deals.status, n: count() })
      .from(deals)
      .where(and(eq(deals.agencyId, agencyId), byInf(deals.influencerId)))
      .groupBy(deals.status),
    db
      .select({ status: taskApplications.status, n: count() })
      .from(agencyMemberships)
      .innerJoin(taskApplications, onRoster(agencyId, taskApplications.influencerId))
      .where(byInf(taskApplications.influencerId))
      .groupBy(taskApplications.status),
    db
      .select({ status: taskInvitations.status, n: count() })
      .from(agencyMemberships)
      .innerJoin(taskInvitations, onRoster(agencyId, taskInvitations.influencerId))
      .where(byInf(taskInvitations.influencerId))
      .groupBy(taskInvitations.status),
  ]);
  const rows = (kind: PipelineKind, list: { status: string; n: number }[]) => list.map((r) => ({ kind, status: r.status as Status, count: r.n }));
  return [...rows('deals', d), ...rows('applications', a), ...rows('invitations', i)];
}

/** GET /api/agency/pipeline */
export async function getPipeline(db: DbOrTx, agencyUserId: string, q: AgencyPipelineQuery, env: GuardEnv): Promise<AgencyPipelineResponse> {
  const agency = await agencyOfUser(db, agencyUserId);
  if (!agency) throw new AppError('AGENCY_NOT_FOUND');
  const offset = (q.page - 1) * q.limit;
  const counts = await countsOf(db, agency.id, q.influencerId);
  const total = counts.filter((c) => c.kind === q.kind && (!q.status || c.status === q.status)).reduce((s, c) => s + c.count, 0);
  let items: PipelineItem[] = [];
  if (total > offset) {
    if (q.kind === 'deals') {
      const rows = await db
        .select({
          d: deals,
          influencer: influencerRef,
          companyName: companies.companyName,
          dispute: { openedBy: dealDisputes.openedBy, answeredAt: dealDisputes.answeredAt },
        })
        .from(deals)
        .innerJoin(influencers, eq(influencers.id, deals.influencerId))
        .innerJoin(companies, eq(companies.id, deals.companyId))
        .leftJoin(dealDisputes, and(eq(dealDisputes.dealId, deals.id), eq(dealDisputes.outcome, 'open')))
        .where(
          and(
            eq(deals.agencyId, agency.id),
            q.influencerId ? eq(deals.influencerId, q.influencerId) : undefined,
            q.status ? eq(deals.status, q.status) : undefined,
          ),
        )
        .orderBy(desc(deals.updatedAt), desc(deals.id))
        .limit(q.limit)
        .offset(offset);
      items = rows.map((r) => ({
        id: r.d.id,
        influencer: r.influencer,
        task: { id: r.d.taskId, title: r.d.taskTitle },
        companyName: r.companyName,
        status: r.d.status as Status,
        waitingFor: waitingFor(dealFactsOf(r.d, r.dispute)),
        overdue: dealOverdue({ ...r.d, feeDue: dealFactsOf(r.d, null).feeDue }, env),
        amountCents: r.d.rateCents,
        createdAt: r.d.createdAt.toISOString(),
        byAgency: false,
      }));
      // the deals the agency acted in (one look at their timelines, on deal_events' deal index)
      const acted = items.length
        ? await db
            .selectDistinct({ dealId: dealEvents.dealId })
            .from(dealEvents)
            .where(
              and(
                inArray(
                  dealEvents.dealId,
                  items.map((i) => i.id),
                ),
                eq(dealEvents.onBehalfAgencyId, agency.id),
              ),
            )
        : [];
      const ids = new Set(acted.map((r) => r.dealId));
      for (const i of items) i.byAgency = ids.has(i.id);
    } else if (q.kind === 'applications') {
      const rows = await db
        .select({ a: taskApplications, influencer: influencerRef, task: taskRef, companyName: companies.companyName })
        .from(agencyMemberships)
        .innerJoin(taskApplications, onRoster(agency.id, taskApplications.influencerId))
        .innerJoin(influencers, eq(influencers.id, taskApplications.influencerId))
        .innerJoin(tasks, eq(tasks.id, taskApplications.taskId))
        .innerJoin(companies, eq(companies.id, tasks.companyId))
        .where(
          and(q.influencerId ? eq(taskApplications.influencerId, q.influencerId) : undefined, q.status ? eq(taskApplications.status, q.status) : undefined),
        )
        .orderBy(desc(taskApplications.appliedAt), desc(taskApplications.id))
        .limit(q.limit)
        .offset(offset);
      items = rows.map((r) => ({
        id: r.a.id,
        influencer: r.influencer,
        task: r.task,
        companyName: r.companyName,
        status: r.a.status as Status,
        waitingFor: null,
        overdue: null,
        amountCents: r.a.proposedRateCents,
        createdAt: r.a.appliedAt.toISOString(),
        byAgency: r.a.onBehalfAgencyId === agency.id,
      }));
    } else {
      const rows = await db
        .select({ v: taskInvitations, influencer: influencerRef, task: taskRef, companyName: companies.companyName })
        .from(agencyMemberships)
        .innerJoin(taskInvitations, onRoster(agency.id, taskInvitations.influencerId))
        .innerJoin(influencers, eq(influencers.id, taskInvitations.influencerId))
        .innerJoin(tasks, eq(tasks.id, taskInvitations.taskId))
        .innerJoin(companies, eq(companies.id, tasks.companyId))
        .where(and(q.influencerId ? eq(taskInvitations.influencerId, q.influencerId) : undefined, q.status ? eq(taskInvitations.status, q.status) : undefined))
        .orderBy(desc(taskInvitations.createdAt), desc(taskInvitations.id))
        .limit(q.limit)
        .offset(offset);
      items = rows.map((r) => ({
        id: r.v.id,
        influencer: r.influencer,
        task: r.task,
        companyName: r.companyName,
        status: r.v.status as Status,
        waitingFor: null,
        overdue: null,
        amountCents: r.v.offeredRateCents,
        createdAt: r.v.createdAt.toISOString(),
        byAgency: r.v.onBehalfAgencyId === agency.id,
      }));
    }
  }
  return { kind: q.kind, items, total, page: q.page, limit: q.limit, counts };
}
