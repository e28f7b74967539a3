/**
 * 数据分析: figures over a date range (Asia/Shanghai days), each one grouped query on an indexed
 * time column — never a query per day or per row — and the table behind each chart as CSV.
 */
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { addDays, daysInRange, rangeProblem } from '../../../shared/dates';
import type { AnalyticsQuery, AnalyticsResponse } from '../../../shared/schemas/adminInsights';
import { ANALYTICS_CHARTS, ANALYTICS_MAX_DAYS } from '../../../shared/schemas/adminInsights';
import type { DbOrTx } from '../../db/client';
import { agencies, companies, deals, influencers, taskApplications, taskCategories, tasks, userProfiles, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { toCsv } from '../../platform/csv';
import { AppError } from '../../platform/errors';
import { businessDay } from '../../platform/beijingTime';

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_MS = 8 * 60 * 60 * 1000;
/** the platform's day of a timestamp column, as text YYYY-MM-DD */
const dayOf = (col: unknown) => sql<string>`to_char((${col} at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD')`;
const startOf = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET_MS);

/**
 * The range asked (calendar days, checked by the query's schema), with `to` defaulting to today and
 * `from` to 29 days before `to`; what is filled in is checked like what was sent (DATE_RANGE_REVERSED,
 * DATE_RANGE_TOO_LONG).
 */
export function resolveRange(ctx: AppContext, q: AnalyticsQuery) {
  const today = businessDay(ctx.clock.now()).date;
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -29);
  const problem = rangeProblem(from, to, ANALYTICS_MAX_DAYS);
  if (problem) throw new AppError(problem.code, problem.params);
  return { from, to, days: daysInRange(from, to), start: startOf(from), end: new Date(startOf(to).getTime() + DAY_MS) };
}

export async function getAnalytics(ctx: AppContext, q: AnalyticsQuery): Promise<AnalyticsResponse> {
  const db: DbOrTx = ctx.db;
  const r = resolveRange(ctx, q);
  const inRange = (col: typeof users.createdAt | typeof tasks.createdAt | typeof taskApplications.appliedAt) => sql`${col} >= ${r.start} and ${col} < ${r.end}`;
  const [newUsers, newTasks, apps, accepted, cats, [funnel], topInf, topCo, agencyStates, [gmv]] = await Promise.all([
    db
      .select({ d: dayOf(users.createdAt), type: userProfiles.userType, n: count() })
      .from(users)
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(and(inRange(users.createdAt), inArray(userProfiles.userType, ['influencer', 'company'])))
      .groupBy(sql`1`, userProfiles.userType),
    db
      .select({ d: dayOf(tasks.createdAt), n: count() })
      .from(tasks)
      .where(inRange(tasks.createdAt))
      .groupBy(sql`1`),
    db
      .select({ d: dayOf(taskApplications.appliedAt), n: count() })
      .from(taskApplications)
      .where(inRange(taskApplications.appliedAt))
      .groupBy(sql`1`),
    db
      .select({ d: dayOf(taskApplications.respondedAt), n: count() })
      .from(taskApplications)
      .where(and(eq(taskApplications.status, 'accepted'), gte(taskApplications.respondedAt, r.start), lt(taskApplications.respondedAt, r.end)))
      .groupBy(sql`1`),
    db
      .select({ name: sql<string>`coalesce(${taskCategories.name}, '未分类')`, nameEn: taskCategories.nameEn, n: count() })
      .from(tasks)
      .leftJoin(taskCategories, eq(taskCategories.id, tasks.categoryId))
      .where(inRange(tasks.createdAt))
      .groupBy(taskCategories.name, taskCategories.nameEn)
      .orderBy(desc(count())),
    db
      .select({
        published: count(),
        applied: sql<number>`count(*) filter (where exists (select 1 from task_applications a where a.task_id = "tasks"."id"))::int`,
        accepted: sql<number>`count(*) filter (where ${tasks.selectedInfluencerId} is not null)::int`,
        completed: sql<number>`count(*) filter (where ${tasks.status} = 'completed')::int`,
      })
      .from(tasks)
      .where(inRange(tasks.createdAt)),
    db
      .select({
        id: influencers.id,
        nickname: influencers.nickname,
        accepted: count(),
        completed: sql<number>`count(*) filter (where ${tasks.status} = 'completed')::int`,
      })
      .from(taskApplications)
      .innerJoin(influencers, eq(influencers.id, taskApplications.influencerId))
      .innerJoin(tasks, eq(tasks.id, taskApplications.taskId))
      .where(and(eq(taskApplications.status, 'accepted'), gte(taskApplications.respondedAt, r.start), lt(taskApplications.respondedAt, r.end)))
      .groupBy(influencers.id, influencers.nickname)
      .orderBy(desc(count()), influencers.nickname)
      .limit(10),
    db
      .select({
        id: companies.id,
        name: companies.companyName,
        tasks: count(),
        completed: sql<number>`count(*) filter (where ${tasks.status} = 'completed')::int`,
      })
      .from(tasks)
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .where(inRange(tasks.createdAt))
      .groupBy(companies.id, companies.companyName)
      .orderBy(desc(count()), companies.companyName)
      .limit(10),
    // agencies by review state (accounts not deleted), now
    db
      .select({ status: agencies.status, n: count() })
      .from(agencies)
      .innerJoin(users, eq(users.id, agencies.userId))
      .where(sql`${users.deletedAt} is null`)
      .groupBy(agencies.status),
    // GMV: the reported GMV of the deals completed in the range (deals_status_idx), and the part made under an agency
    db
      .select({
        all: sql<string>`coalesce(sum(${deals.reportGmvCents}), 0)::text`,
        agency: sql<string>`coalesce(sum(${deals.reportGmvCents}) filter (where ${deals.agencyId} is not null), 0)::text`,
      })
      .from(deals)
      .where(and(eq(deals.status, 'completed'), gte(deals.completedAt, r.start), lt(deals.completedAt, r.end))),
  ]);

  const daily = new Map<string, AnalyticsResponse['daily'][number]>();
  for (let i = 0; i < r.days; i++) {
    const date = addDays(r.from, i);
    daily.set(date, { date, newInfluencers: 0, newCompanies: 0, tasks: 0, applications: 0, accepted: 0 });
  }
  for (const u of newUsers) {
    const row = daily.get(u.d);
    if (row) row[u.type === 'company' ? 'newCompanies' : 'newInfluencers'] += u.n;
  }
  const add = (list: { d: string; n: number }[], key: 'tasks' | 'applications' | 'accepted') => {
    for (const x of list) {
      const row = daily.get(x.d);
      if (row) row[key] += x.n;
    }
  };
  add(newTasks, 'tasks');
  add(apps, 'applications');
  add(accepted, 'accepted');
  const totalApps = apps.reduce((s, x) => s + x.n, 0);
  const totalAccepted = accepted.reduce((s, x) => s + x.n, 0);
  return {
    from: r.from,
    to: r.to,
    daily: [...daily.values()],
    acceptanceRate: totalApps ? Math.round((totalAccepted / totalApps) * 1000) / 10 : null,
    categories: cats.map((c) => ({ name: c.name, nameEn: c.nameEn, tasks: c.n })),
    funnel: { published: funnel.published, applied: Number(funnel.applied), accepted: Number(funnel.accepted), completed: Number(funnel.completed) },
    topInfluencers: topInf.map((x) => ({ ...x, completed: Number(x.completed) })),
    topCompanies: topCo.map((x) => ({ ...x, completed: Number(x.completed) })),
    agencies: agencyFigures(agencyStates, Number(gmv?.all ?? 0), Number(gmv?.agency ?? 0)),
  };
}

function agencyFigures(states: { status: string; n: number }[], gmvCents: number, agencyGmvCents: number): AnalyticsResponse['agencies'] {
  const n = (status: string) => states.find((x) => x.status === status)?.n ?? 0;
  return {
    approved: n('approved'),
    pending: n('pending'),
    gmvCents,
    agencyGmvCents,
    agencyGmvShareBps: gmvCents > 0 ? Math.round((agencyGmvCents / gmvCents) * 10_000) : null,
  };
}

export async function analyticsCsv(ctx: AppContext, q: AnalyticsQuery & { chart: (typeof ANALYTICS_CHARTS)[number] }) {
  const a = await getAnalytics(ctx, q);
  switch (q.chart) {
    case 'daily':
      return toCsv([
        ['date', 'new_influencers', 'new_companies', 'tasks', 'applications', 'accepted'],
        ...a.daily.map((d) => [d.date, d.newInfluencers, d.newCompanies, d.tasks, d.applications, d.accepted]),
      ]);
    case 'categories':
      return toCsv([['category', 'category_en', 'tasks'], ...a.categories.map((c) => [c.name, c.nameEn, c.tasks])]);
    case 'funnel':
      return toCsv([
        ['stage', 'tasks'],
        ['published', a.funnel.published],
        ['applied', a.funnel.applied],
        ['accepted', a.funnel.accepted],
        ['completed', a.funnel.completed],
      ]);
    case 'topInfluencers':
      return toCsv([['influencer_id', 'nickname', 'accepted', 'completed'], ...a.topInfluencers.map((x) => [x.id, x.nickname, x.accepted, x.completed])]);
    case 'topCompanies':
      return toCsv([['company_id', 'company', 'tasks', 'completed'], ...a.topCompanies.map((x) => [x.id, x.name, x.tasks, x.completed])]);
  }
}
