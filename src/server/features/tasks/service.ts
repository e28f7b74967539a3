import { createHash } from 'node:crypto';
import { and, asc, desc, eq, fillPlaceholders, getTableColumns, gte, inArray, like, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVITATION_STATUSES, TASK_STATUSES, type InvitationStatus, type TaskStatus } from '../../../shared/options';
import {
  BUDGET_BOUNDS,
  liveDateInWindow,
  type ApplyRequest,
  type CompanyTask,
  type TaskCard,
  type TaskCreateRequest,
  type TaskDetailResponse,
  type TaskListQuery,
  type TaskListResponse,
} from '../../../shared/schemas/tasks';
import { escapeLike, isUniqueViolation, type Db, type DbOrTx, type Tx } from '../../db/client';
import { companies, deals, idempotencyKeys, influencers, taskApplications, taskCategories, taskInvitations, tasks, taskViews } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { AuthUser } from '../../platform/session';
import { dollarsToCents, percentToBps, PRICING_MODELS } from '../../../shared/money';
import { cancelDealsOfTask, createDeal, dealsOfTask, endTaskIfDealsEnded } from '../deals';
import { hasDueCommission, prepayTask, refundTaskPrepayment } from '../money/escrow';
import { addNotifications, mailNotifications, type NewNotification } from '../notifications/service';
import { notifyFollowers } from '../people/service';

/** Hall totals are counted up to this many; beyond it the hall shows "10000+" (keeps deep counts cheap). */
export const TOTAL_CAP = 10_000;

const selected = alias(influencers, 'selected_influencer');
const applicationsCount = sql<number>`(select count(*)::int from ${taskApplications} a where a.task_id = ${tasks.id} and a.status <> 'withdrawn')`;

// every column but search_text (the hall's copy of title, product and description: sending it
// back would roughly double the bytes of each card row)
const { searchText: _searchText, ...taskColumns } = getTableColumns(tasks);

const cardColumns = {
  t: taskColumns,
  companyId: companies.id,
  companyName: companies.companyName,
  companyLogo: companies.logoUrl,
  companyVerified: companies.isVerified,
  categoryId: taskCategories.id,
  categoryName: taskCategories.name,
  categoryNameEn: taskCategories.nameEn,
  categoryIcon: taskCategories.icon,
  categoryDescription: taskCategories.description,
  selectedId: selected.id,
  selectedNickname: selected.nickname,
  applicationsCount,
};
type CardRow = {
  t: Omit<typeof tasks.$inferSelect, 'searchText'>;
  companyId: string;
  companyName: string;
  companyLogo: string | null;
  companyVerified: boolean;
  categoryId: string | null;
  categoryName: string | null;
  categoryNameEn: string | null;
  categoryIcon: string | null;
  categoryDescription: string | null;
  selectedId: string | null;
  selectedNickname: string | null;
  applicationsCount: number;
};

const asStatus = (s: string): TaskStatus => TASK_STATUSES.find((x) => x === s) ?? 'open';
export const asInvitationStatus = (s: string): InvitationStatus => INVITATION_STATUSES.find((x) => x === s) ?? 'closed';

function toCard(r: CardRow): TaskCard {
  const t = r.t;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    productName: t.productName,
    requirements: t.requirements,
    budgetMin: t.budgetMin,
    budgetMax: t.budgetMax,
    maxApplicants: t.maxApplicants,
    liveDate: t.liveDate?.toISOString() ?? null,
    durationHours: Number(t.durationHours),
    location: t.location,
    status: asStatus(t.status),
    isUrgent: t.isUrgent,
    isAdvancePaid: t.isAdvancePaid,
    paidAmount: t.paidAmount === null ? null : Number(t.paidAmount),
    requiresDeposit: t.requiresDeposit,
    depositAmount: t.depositAmount === null ? null : Number(t.depositAmount),
    pricingModel: PRICING_MODELS.find((m) => m === t.pricingModel) ?? 'fixed',
    commissionBps: t.commissionBps,
    slots: t.slots,
    currentApplicants: t.currentApplicants,
    applicationsCount: Number(r.applicationsCount),
    viewsCount: t.viewsCount,
    createdAt: t.createdAt.toISOString(),
    company: { id: r.companyId, companyName: r.companyName, logoUrl: r.companyLogo, isVerified: r.companyVerified },
    category: r.categoryId
      ? { id: r.categoryId, name: r.categoryName ?? '', nameEn: r.categoryNameEn, icon: r.categoryIcon ?? 'Tag', description: r.categoryDescription }
      : null,
    selectedInfluencer: r.selectedId ? { id: r.selectedId, nickname: r.selectedNickname ?? '' } : null,
  };
}

const cardQuery = (db: DbOrTx) =>
  db
    .select(cardColumns)
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .leftJoin(taskCategories, eq(taskCategories.id, tasks.categoryId))
    .leftJoin(selected, eq(selected.id, tasks.selectedInfluencerId));

const p = (name: string) => sql.placeholder(name);

/**
 * The shape of a hall request: which conditions and which order its SQL has. Each shape is one
 * prepared statement; the request's values fill its placeholders (hallValues).
 */
type HallShape = {
  status: boolean;
  category: boolean;
  budget: 'none' | 'from' | 'range';
  search: 'none' | 'short' | 'long';
  sort: TaskListQuery['sort'];
};

function hallShape(q: TaskListQuery): HallShape {
  return {
    status: q.status !== 'all',
    category: Boolean(q.category),
    budget: !q.budget ? 'none' : BUDGET_BOUNDS[q.budget].upper === null ? 'from' : 'range',
    // no trigram in 1–2 characters: those terms use the search_grams index
    search: !q.search ? 'none' : [...q.search].length <= 2 ? 'short' : 'long',
    sort: q.sort,
  };
}

/** The values of a hall request, by placeholder name. */
function hallValues(q: TaskListQuery): Record<string, unknown> {
  const b = q.budget ? BUDGET_BOUNDS[q.budget] : null;
  return {
    status: q.status,
    category: q.category ?? null,
    lower: b?.lower ?? null,
    upper: b?.upper ?? null,
    pattern: q.search ? escapeLike(q.search) : null,
    term: q.search ?? null,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
}

export function hallConditions(shape: HallShape): SQL | undefined {
  const where: SQL[] = [];
  if (shape.status) where.push(eq(tasks.status, p('status')));
  if (shape.category) where.push(eq(tasks.categoryId, p('category')));
  if (shape.budget !== 'none') {
    where.push(gte(tasks.budgetMin, p('lower')));
    if (shape.budget === 'range') {
      where.push(lte(tasks.budgetMax, p('upper')));
      // implied (budget_min ≤ budget_max), stated so the budget_min index scans a bounded range
      where.push(lte(tasks.budgetMin, p('upper')));
    }
  }
  if (shape.search !== 'none') {
    // search_text is stored lower-cased: a byte-wise LIKE of the lower-cased term is what ILIKE
    // would do, without lower-casing every row it checks
    where.push(like(tasks.searchText, sql`'%' || lower(${p('pattern')}) || '%'`));
    // the search_grams index holds every 1- and 2-character substring of search_text
    if (shape.search === 'short') where.push(sql`search_grams(${tasks.searchText}) @> search_gram_key(lower(${p('term')}))`);
  }
  return where.length ? and(...where) : undefined;
}

/** ORDER BY clauses written to match the hall's indexes exactly (see schema.ts). */
export function hallOrder(sort: TaskListQuery['sort']): SQL[] {
  switch (sort) {
    case 'budget_desc':
      return [sql`${tasks.budgetMax} desc nulls last`, sql`${tasks.createdAt} desc nulls last`];
    case 'budget_asc':
      return [asc(tasks.budgetMin), sql`${tasks.createdAt} desc nulls last`];
    case 'live_date':
      return [asc(tasks.liveDate), sql`${tasks.createdAt} desc nulls last`];
    case 'urgent':
      return [sql`${tasks.isUrgent} desc nulls last`, sql`${tasks.createdAt} desc nulls last`];
    default:
      return [sql`${tasks.createdAt} desc nulls last`, sql`${tasks.id} desc nulls last`];
  }
}

/**
 * The hall's statements for one shape, prepared: `page` is the cards of the page, each row also
 * carrying the capped total (an uncorrelated subquery, counted once), so a request is one round
 * trip; `total` is the capped total alone, for a page past the end (no row to carry it).
 *
 * Prepared statements save building the SQL on every request and PostgreSQL's parsing; the pool
 * sets plan_cache_mode=force_custom_plan (db/client.ts) so each run is still planned for its
 * values (a generic plan of the search is very slow).
 */
function prepareHall(db: Db, shape: HallShape) {
  const cond = hallConditions(shape);
  // the page's ids first (from the indexes alone when they cover the order), then the cards of those
  // ids only: deep pages skip rows without joining them or counting their applications
  const ids = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(cond)
    .orderBy(...hallOrder(shape.sort))
    .limit(p('limit'))
    .offset(p('offset'));
  const capped = sql`(select 1 from ${tasks} where ${cond ?? sql`true`} limit ${sql.raw(String(TOTAL_CAP))}) as capped`;
  const name = `hall_${shape.status ? 's' : 'a'}${shape.category ? 'c' : ''}_${shape.budget}_${shape.search}_${shape.sort}`;
  return {
    name,
    page: db
      .select({ ...cardColumns, total: sql<number>`(select count(*)::int from ${capped})` })
      .from(tasks)
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .leftJoin(taskCategories, eq(taskCategories.id, tasks.categoryId))
      .leftJoin(selected, eq(selected.id, tasks.selectedInfluencerId))
      .where(inArray(tasks.id, ids))
      .orderBy(...hallOrder(shape.sort))
      .prepare(name),
    total: db.select({ n: sql<number>`count(*)::int` }).from(capped).prepare(`${name}_total`),
  };
}
type PreparedHall = ReturnType<typeof prepareHall>;

// per database (the tests run several): shape key → its prepared statements (at most 180 shapes)
const hallStatements = new WeakMap<Db, Map<string, PreparedHall>>();

function preparedHall(db: Db, q: TaskListQuery): PreparedHall {
  const shape = hallShape(q);
  const key = JSON.stringify(shape);
  let byShape = hallStatements.get(db);
  if (!byShape) hallStatements.set(db, (byShape = new Map()));
  let prepared = byShape.get(key);
  if (!prepared) byShape.set(key, (prepared = prepareHall(db, shape)));
  return prepared;
}

/**
 * The statement one hall request runs, as sent to PostgreSQL (name, SQL and values):
 * scripts/bench-tasks.ts runs the same through pg directly.
 */
export function hallStatement(db: Db, q: TaskListQuery) {
  const { name, page } = preparedHall(db, q);
  const query = page.getQuery();
  return { name, text: query.sql, values: fillPlaceholders(query.params, hallValues(q)) };
}

/** GET /api/tasks — the hall: filters, search, sort and pagination in SQL, in one statement. */
export async function listTasks(db: Db, q: TaskListQuery): Promise<TaskListResponse> {
  const { page, total } = preparedHall(db, q);
  const values = hallValues(q);
  const rows = await page.execute(values);
  // no row to carry the total: nothing matches (page 1), or the page is past the end
  const n = rows.length > 0 ? rows[0].total : q.page > 1 ? ((await total.execute(values))[0]?.n ?? 0) : 0;
  return { tasks: rows.map(toCard), total: Number(n), page: q.page, limit: q.limit };
}

// the card of one task (task detail), prepared once per database like the hall's statements
const cardStatements = new WeakMap<Db, ReturnType<typeof prepareCard>>();
const prepareCard = (db: Db) =>
  cardQuery(db)
    .where(eq(tasks.id, p('id')))
    .limit(1)
    .prepare('task_card');
function preparedCard(db: Db) {
  let prepared = cardStatements.get(db);
  if (!prepared) cardStatements.set(db, (prepared = prepareCard(db)));
  return prepared;
}

/** The statement the task detail runs for its card, as sent to PostgreSQL (see hallStatement). */
export function taskCardStatement(db: Db, id: string) {
  const query = preparedCard(db).getQuery();
  return { name: 'task_card', text: query.sql, values: fillPlaceholders(query.params, { id }) };
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

async function viewerIdentity(db: DbOrTx, user: AuthUser | null) {
  if (!user) return { companyId: null, influencerId: null };
  if (user.userType === 'company') {
    const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.userId, user.id)).limit(1);
    return { companyId: c?.id ?? null, influencerId: null };
  }
  if (user.userType === 'influencer') {
    const [i] = await db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, user.id)).limit(1);
    return { companyId: null, influencerId: i?.id ?? null };
  }
  return { companyId: null, influencerId: null };
}

/** Whether /task/{id} shows a task (GET /api/task-detail's rule: the task exists, whatever its status). */
export async function taskPageShown(db: DbOrTx, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, id)).limit(1);
  return Boolean(row);
}

/** GET /api/task-detail — public task data plus what the viewer may do. */
export async function getTaskDetail(db: Db, id: string, user: AuthUser | null): Promise<TaskDetailResponse> {
  if (!isUuid(id)) throw new AppError('TASK_NOT_FOUND');
  const [row] = await preparedCard(db).execute({ id });
  if (!row) throw new AppError('TASK_NOT_FOUND');
  const me = await viewerIdentity(db, user);
  let myApplication: TaskDetailResponse['viewer']['myApplication'] = null;
  if (me.influencerId) {
    const [a] = await db
      .select()
      .from(taskApplications)
      .where(and(eq(taskApplications.taskId, id), eq(taskApplications.influencerId, me.influencerId)))
      .limit(1);
    if (a) {
      myApplication = {
        id: a.id,
        status: a.status as 'pending',
        proposedRate: a.proposedRate,
        message: a.message,
        appliedAt: a.appliedAt.toISOString(),
      };
    }
  }
  const card = toCard(row);
  const isOwner = me.companyId !== null && me.companyId === row.companyId;
  // the influencer's own deal of the task; for the owner the newest one (a task with several slots has several)
  const [deal] =
    isOwner || me.influencerId
      ? await db
          .select({ id: deals.id })
          .from(deals)
          .where(and(eq(deals.taskId, id), isOwner ? sql`true` : eq(deals.influencerId, me.influencerId!)))
          .orderBy(desc(deals.createdAt))
          .limit(1)
      : [];
  let invitation: TaskDetailResponse['viewer']['invitation'] = null;
  if (me.influencerId) {
    const [inv] = await db
      .select()
      .from(taskInvitations)
      .where(and(eq(taskInvitations.taskId, id), eq(taskInvitations.influencerId, me.influencerId)))
      .limit(1);
    if (inv) {
      invitation = {
        id: inv.id,
        status: asInvitationStatus(inv.status),
        offeredRate: inv.offeredRate,
        message: inv.message,
        expiresAt: inv.expiresAt.toISOString(),
      };
    }
  }
  return {
    task: { ...card, isSettled: row.t.isSettled, updatedAt: row.t.updatedAt.toISOString() },
    viewer: {
      isOwner,
      dealId: deal?.id ?? null,
      // a withdrawn application may be sent again (the same row goes back to pending); an invited
      // influencer answers the invitation instead
      canApply:
        user?.userType === 'influencer' &&
        card.status === 'open' &&
        (!myApplication || myApplication.status === 'withdrawn') &&
        invitation?.status !== 'pending' &&
        card.applicationsCount < card.maxApplicants,
      myApplication,
      invitation,
    },
  };
}

const VIEW_WINDOW_MINUTES = 30;

/** Counts one view per visitor per task per 30 minutes (the page calls it once per visit). */
export async function recordView(ctx: AppContext, taskId: string, visitorKey: string): Promise<boolean> {
  if (!isUuid(taskId)) throw new AppError('TASK_NOT_FOUND');
  return ctx.db.transaction(async (tx) => {
    const [task] = await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
    if (!task) throw new AppError('TASK_NOT_FOUND');
    const counted = await tx
      .insert(taskViews)
      .values({ taskId, visitorKey })
      .onConflictDoUpdate({
        target: [taskViews.taskId, taskViews.visitorKey],
        set: { viewedAt: new Date() },
        setWhere: sql`${taskViews.viewedAt} < now() - interval '${sql.raw(String(VIEW_WINDOW_MINUTES))} minutes'`,
      })
      .returning({ taskId: taskViews.taskId });
    if (counted.length === 0) return false;
    await tx
      .update(tasks)
      .set({ viewsCount: sql`${tasks.viewsCount} + 1` })
      .where(eq(tasks.id, taskId));
    return true;
  });
}

export async function companyOf(db: DbOrTx, userId: string) {
  const [c] = await db.select({ id: companies.id, name: companies.companyName }).from(companies).where(eq(companies.userId, userId)).limit(1);
  if (!c) throw new AppError('COMPANY_PROFILE_REQUIRED');
  return c;
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Claims `key` for this request inside the publishing transaction. Returns null when the request is
 * the key's first (go on and create; the caller records the task on the row), or the id of the task
 * an earlier request with the same key and body created. A concurrent request with the same key
 * waits on the primary key until the first commits (then it finds the row) or rolls back (then it
 * claims the key itself). A row older than 24 h is taken over.
 */
async function claimIdempotencyKey(ctx: AppContext, tx: DbOrTx, userId: string, key: string, input: TaskCreateRequest): Promise<string | null> {
  const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const now = ctx.clock.now();
  const expired = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { requestHash, taskId: null, createdAt: now },
      setWhere: lt(idempotencyKeys.createdAt, expired),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed) {
    // the account's other expired keys go now (a small, indexed delete)
    await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, expired)));
    return null;
  }
  const [prior] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!prior || prior.requestHash !== requestHash || !prior.taskId) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return prior.taskId;
}

/**
 * POST /api/tasks — a company publishes a task (starts open, 0 applicants, 0 views). With an
 * idempotency key, a repeat of the same request (same account, key and body, within 24 h) answers
 * with the task the first one created.
 */
export async function createTask(ctx: AppContext, userId: string, input: TaskCreateRequest, idempotencyKey?: string): Promise<TaskCard> {
  // 直播日期需在今天到一年内, by the platform clock (the schema checked the rest, including amounts ≤ budgetMax)
  const liveDate = input.liveDate ? new Date(input.liveDate) : null;
  if (liveDate && !liveDateInWindow(liveDate, ctx.clock.now())) {
    throw new AppError('TASK_LIVE_DATE_RANGE', undefined, { liveDate: 'TASK_LIVE_DATE_RANGE' });
  }
  let followerNotes: NewNotification[] = [];
  const id = await ctx.db.transaction(async (tx) => {
    const company = await companyOf(tx, userId);
    const earlier = idempotencyKey ? await claimIdempotencyKey(ctx, tx, userId, idempotencyKey, input) : null;
    if (earlier) return earlier;
    // a commission left unpaid after a settlement blocks publishing until it is paid (decision 0022)
    if (await hasDueCommission(tx, company.id)) throw new AppError('COMMISSION_DUE');
    const [cat] = await tx
      .select({ id: taskCategories.id })
      .from(taskCategories)
      .where(and(eq(taskCategories.id, input.categoryId), eq(taskCategories.isActive, true)))
      .limit(1);
    if (!cat) throw new AppError('TASK_CATEGORY_REQUIRED', undefined, { categoryId: 'TASK_CATEGORY_REQUIRED' });
    const [t] = await tx
      .insert(tasks)
      .values({
        companyId: company.id,
        title: input.title,
        description: input.description,
        categoryId: input.categoryId,
        productName: input.productName,
        requirements: input.requirements,
        budgetMin: input.budgetMin,
        budgetMax: input.budgetMax,
        maxApplicants: input.maxApplicants,
        slots: input.slots,
        liveDate,
        durationHours: input.durationHours,
        location: input.location,
        isUrgent: input.isUrgent,
        isAdvancePaid: input.isAdvancePaid,
        paidAmount: input.isAdvancePaid ? input.paidAmount : null,
        requiresDeposit: input.requiresDeposit,
        depositAmount: input.requiresDeposit ? input.depositAmount : null,
        pricingModel: input.pricingModel,
        commissionBps: input.pricingModel === 'fixed' ? 0 : percentToBps(input.commissionPercent ?? 0),
        status: 'open',
      })
      .returning({ id: tasks.id });
    // the prepayment leaves the company's wallet now, into the task's escrow (WALLET_INSUFFICIENT otherwise)
    if (input.isAdvancePaid && input.paidAmount) {
      await prepayTask(tx, { taskId: t.id, companyUserId: userId, cents: dollarsToCents(input.paidAmount), now: ctx.clock.now() });
    }
    await tx
      .update(companies)
      .set({ totalTasks: sql`${companies.totalTasks} + 1` })
      .where(eq(companies.id, company.id));
    if (idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ taskId: t.id })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)));
    }
    // a followed company's new task notifies its followers (mailed after the commit)
    followerNotes = await notifyFollowers(tx, company, { id: t.id, title: input.title });
    return t.id;
  });
  await mailNotifications(ctx, followerNotes);
  const [row] = await cardQuery(ctx.db).where(eq(tasks.id, id));
  return toCard(row);
}

/** GET /api/my/tasks — the company's tasks, newest first, with applicant counts (one query). */
export async function listCompanyTasks(db: Db, userId: string): Promise<CompanyTask[]> {
  const company = await companyOf(db, userId);
  const rows = await cardQuery(db)
    .where(eq(tasks.companyId, company.id))
    .orderBy(desc(tasks.createdAt))
    .limit(500);
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      taskId: taskApplications.taskId,
      pending: sql<number>`count(*) filter (where ${taskApplications.status} = 'pending')::int`,
      accepted: sql<number>`count(*) filter (where ${taskApplications.status} = 'accepted')::int`,
    })
    .from(taskApplications)
    .innerJoin(tasks, eq(tasks.id, taskApplications.taskId))
    .where(eq(tasks.companyId, company.id))
    .groupBy(taskApplications.taskId);
  const byTask = new Map(counts.map((c) => [c.taskId, c]));
  return rows.map((r) => ({
    ...toCard(r),
    pendingCount: Number(byTask.get(r.t.id)?.pending ?? 0),
    acceptedCount: Number(byTask.get(r.t.id)?.accepted ?? 0),
  }));
}

/*
 * Transitions of tasks and applications (docs/decisions/0004-task-transitions.md). Every one runs in
 * one transaction that
 *   1. locks the task row first (SELECT … FOR UPDATE) — the one lock order: task, then its
 *      applications — so transitions of one task run one after another, and
 *   2. changes a status only by a conditional update (… WHERE status = <the expected one> RETURNING):
 *      a row that has already moved is left alone and the caller gets a 409.
 * Any interleaving then ends in a state some serial order gives (concurrency.test.ts).
 */

/** Locks the task row for the rest of the transaction (the first lock of every transition). */
export async function lockTask(tx: DbOrTx, taskId: string) {
  if (!isUuid(taskId)) throw new AppError('TASK_NOT_FOUND');
  const [t] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update').limit(1);
  if (!t) throw new AppError('TASK_NOT_FOUND');
  return t;
}

/** Locks the task row for the rest of the transaction; only its owner company may continue. */
export async function lockOwnTask(tx: DbOrTx, taskId: string, userId: string) {
  if (!isUuid(taskId)) throw new AppError('TASK_NOT_FOUND');
  const company = await companyOf(tx, userId);
  const t = await lockTask(tx, taskId);
  if (t.companyId !== company.id) throw new AppError('FORBIDDEN');
  return { task: t, company };
}

/** Moves one application from `from` to `to` if it is still `from`; the moved row, or null. */
async function moveApplication(
  tx: DbOrTx,
  applicationId: string,
  from: 'pending' | 'withdrawn',
  set: Partial<typeof taskApplications.$inferInsert>,
) {
  const [row] = await tx
    .update(taskApplications)
    .set(set)
    .where(and(eq(taskApplications.id, applicationId), eq(taskApplications.status, from)))
    .returning();
  return row ?? null;
}

export async function influencerUserIds(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: influencers.id, userId: influencers.userId })
    .from(influencers)
    .where(inArray(influencers.id, ids));
  return new Map(rows.map((r) => [r.id, r.userId]));
}

/**
 * A task stops recruiting (its last slot filled, recruiting ended, cancelled): its pending applications are
 * refused and its pending invitations closed, each with responded_at; returns whom to tell.
 */
async function stopRecruiting(tx: DbOrTx, taskId: string, now: Date) {
  const refused = await tx
    .update(taskApplications)
    .set({ status: 'refused', respondedAt: now })
    .where(and(eq(taskApplications.taskId, taskId), eq(taskApplications.status, 'pending')))
    .returning({ influencerId: taskApplications.influencerId });
  const closed = await tx
    .update(taskInvitations)
    .set({ status: 'closed', respondedAt: now })
    .where(and(eq(taskInvitations.taskId, taskId), eq(taskInvitations.status, 'pending')))
    .returning({ influencerId: taskInvitations.influencerId });
  return { refused: refused.map((r) => r.influencerId), closed: closed.map((r) => r.influencerId) };
}

/** Company: cancel an open or in-progress task; its deals are cancelled, pending applications refused, invitations closed, all told. */
export async function cancelTask(ctx: AppContext, userId: string, taskId: string) {
  const notes = await ctx.db.transaction(async (tx) => {
    const { task } = await lockOwnTask(tx, taskId, userId);
    const now = ctx.clock.now();
    if (task.status !== 'open' && task.status !== 'in_progress') throw new AppError('TASK_STATE_CONFLICT');
    const list: NewNotification[] = [];
    const hadDeals = (await dealsOfTask(tx, task.id)).length > 0;
    if (hadDeals) {
      // each active deal's `cancel` (before the live only): the deal's event tells its influencer and moves
      // the task once its last deal has ended (decision 0025)
      list.push(...(await cancelDealsOfTask(ctx, tx, task.id, userId, '企业取消了任务')));
    }
    const { refused, closed } = await stopRecruiting(tx, task.id, now);
    // a task whose deals all ended is completed (one was) or cancelled; one without deals is cancelled
    if (hadDeals) {
      await tx.update(tasks).set({ status: 'in_progress', updatedAt: now }).where(and(eq(tasks.id, task.id), eq(tasks.status, 'open')));
      await endTaskIfDealsEnded(tx, task.id, task.companyId, now);
    } else {
      const [moved] = await tx
        .update(tasks)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(tasks.id, task.id), inArray(tasks.status, ['open', 'in_progress'])))
        .returning({ id: tasks.id });
      if (!moved) throw new AppError('TASK_STATE_CONFLICT');
    }
    await refundTaskPrepayment(tx, { taskId: task.id, companyUserId: userId, now, createdBy: userId });
    // a task accepted before deals existed has only its selected influencer to tell
    if (!hadDeals && task.status === 'in_progress' && task.selectedInfluencerId) refused.push(task.selectedInfluencerId);
    const users = await influencerUserIds(tx, [...refused, ...closed]);
    for (const id of refused) {
      const uid = users.get(id);
      if (uid) list.push({ userId: uid, type: 'task_cancelled', params: { task: task.title }, link: `/task/${task.id}` });
    }
    for (const id of closed) {
      const uid = users.get(id);
      if (uid) list.push({ userId: uid, type: 'invitation_closed', params: { task: task.title }, link: `/task/${task.id}` });
    }
    return addNotifications(tx, list);
  });
  await mailNotifications(ctx, notes);
}

/**
 * Company: a task with several slots stops recruiting before all are filled (结束招募). Needs one filled
 * slot; pending applications are refused, invitations closed, the rest of a prepayment returned; the task
 * is in progress (or ends at once when its deals already have).
 */
export async function closeRecruiting(ctx: AppContext, userId: string, taskId: string) {
  const notes = await ctx.db.transaction(async (tx) => {
    const { task } = await lockOwnTask(tx, taskId, userId);
    const now = ctx.clock.now();
    if (task.status !== 'open') throw new AppError('TASK_STATE_CONFLICT');
    if ((await dealsOfTask(tx, task.id)).length === 0 || task.currentApplicants < 1) throw new AppError('TASK_RECRUITING_NONE');
    const [moved] = await tx
      .update(tasks)
      .set({ status: 'in_progress', updatedAt: now })
      .where(and(eq(tasks.id, task.id), eq(tasks.status, 'open')))
      .returning({ id: tasks.id });
    if (!moved) throw new AppError('TASK_STATE_CONFLICT');
    const stopped = await stopRecruiting(tx, task.id, now);
    await refundTaskPrepayment(tx, { taskId: task.id, companyUserId: userId, now, createdBy: userId });
    await endTaskIfDealsEnded(tx, task.id, task.companyId, now);
    return addNotifications(tx, await stoppedNotes(tx, task, stopped));
  });
  await mailNotifications(ctx, notes);
}

async function stoppedNotes(tx: DbOrTx, task: { id: string; title: string }, stopped: { refused: string[]; closed: string[] }) {
  const users = await influencerUserIds(tx, [...stopped.refused, ...stopped.closed]);
  const link = `/task/${task.id}`;
  const list: NewNotification[] = [];
  for (const id of stopped.refused) {
    const uid = users.get(id);
    if (uid) list.push({ userId: uid, type: 'application_refused', params: { task: task.title }, link });
  }
  for (const id of stopped.closed) {
    const uid = users.get(id);
    if (uid) list.push({ userId: uid, type: 'invitation_closed', params: { task: task.title }, link });
  }
  return list;
}

/** Company: complete an in-progress task without a deal (a task with deals completes with its last deal). */
export async function completeTask(ctx: AppContext, userId: string, taskId: string) {
  const notes = await ctx.db.transaction(async (tx) => {
    const { task, company } = await lockOwnTask(tx, taskId, userId);
    // a task with a deal completes when its live report is confirmed (the deal room), not by this button
    if (task.status === 'in_progress' && (await dealsOfTask(tx, task.id)).length > 0) throw new AppError('DEAL_COMPLETE_IN_DEAL');
    const [moved] = await tx
      .update(tasks)
      .set({ status: 'completed', updatedAt: ctx.clock.now() })
      .where(and(eq(tasks.id, task.id), eq(tasks.status, 'in_progress')))
      .returning({ id: tasks.id });
    if (!moved) throw new AppError('TASK_STATE_CONFLICT');
    await tx
      .update(companies)
      .set({ completedTasks: sql`${companies.completedTasks} + 1` })
      .where(eq(companies.id, company.id));
    const users = await influencerUserIds(tx, task.selectedInfluencerId ? [task.selectedInfluencerId] : []);
    const uid = task.selectedInfluencerId ? users.get(task.selectedInfluencerId) : undefined;
    return addNotifications(
      tx,
      uid ? [{ userId: uid, type: 'task_completed' as const, params: { task: task.title }, link: `/task/${task.id}` }] : [],
    );
  });
  await mailNotifications(ctx, notes);
}

type TaskRow = typeof tasks.$inferSelect;

/**
 * One slot of a locked, open task is filled by an accepted application (the caller moved or wrote it):
 * the slot is counted, the deal starts with the agreed terms, and when it was the last slot the task is
 * in progress and stops recruiting (pending applications refused, invitations closed). Returns the deal
 * and whom to tell besides the accepted influencer. Every caller holds the task's row lock, so two
 * acceptances of the last slot run one after the other and the second finds the task no longer open.
 */
export async function fillSlot(
  ctx: AppContext,
  tx: Tx,
  task: TaskRow,
  application: { id: string; influencerId: string; proposedRate: number },
  now: Date,
  by: 'company' | 'influencer',
): Promise<{ dealId: string; full: boolean; notes: NewNotification[] }> {
  if (task.status !== 'open') throw new AppError('TASK_NOT_OPEN');
  const filled = task.currentApplicants + 1;
  const full = filled >= task.slots;
  const [moved] = await tx
    .update(tasks)
    .set({
      status: full ? 'in_progress' : 'open',
      selectedInfluencerId: sql`coalesce(${tasks.selectedInfluencerId}, ${application.influencerId}::uuid)`,
      currentApplicants: filled,
      updatedAt: now,
    })
    .where(and(eq(tasks.id, task.id), eq(tasks.status, 'open'), eq(tasks.currentApplicants, task.currentApplicants)))
    .returning({ id: tasks.id });
  if (!moved) throw new AppError('TASK_STATE_CONFLICT');
  // the deal (订单) starts here, with the agreed terms, in the same transaction
  const dealId = await createDeal(ctx, tx, { task, application, now, lastSlot: full, by });
  if (!full) return { dealId, full, notes: [] };
  const notes = await stoppedNotes(tx, task, await stopRecruiting(tx, task.id, now));
  if (task.slots > 1) {
    const [owner] = await tx.select({ userId: companies.userId }).from(companies).where(eq(companies.id, task.companyId));
    if (owner) notes.push({ userId: owner.userId, type: 'task_slots_filled', params: { task: task.title, slots: task.slots }, link: `/task/${task.id}` });
  }
  return { dealId, full, notes };
}

/**
 * POST /api/task-applications — an influencer applies. The task row is locked, so concurrent
 * applications never exceed max_applicants; the unique index (task, influencer) refuses duplicates.
 * An influencer who withdrew may apply again while the task is open and not full: the same row goes
 * back to pending (new quote and message, applied now) and the company is told as for a new one.
 */
export async function apply(ctx: AppContext, userId: string, input: ApplyRequest) {
  const result = await ctx.db.transaction(async (tx) => {
    const [inf] = await tx.select({ id: influencers.id, nickname: influencers.nickname }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
    if (!inf) throw new AppError('INFLUENCER_PROFILE_REQUIRED');
    const task = await lockTask(tx, input.taskId);
    // stable while the task is locked: every change of an application locks its task first
    const [existing] = await tx
      .select({ id: taskApplications.id, status: taskApplications.status })
      .from(taskApplications)
      .where(and(eq(taskApplications.taskId, task.id), eq(taskApplications.influencerId, inf.id)))
      .limit(1);
    if (existing && existing.status !== 'withdrawn') throw new AppError('APPLICATION_DUPLICATE');
    if (task.status !== 'open') throw new AppError('TASK_NOT_OPEN');
    // invited: the answer is the invitation's (it carries the company's offer)
    const [invited] = await tx
      .select({ id: taskInvitations.id })
      .from(taskInvitations)
      .where(and(eq(taskInvitations.taskId, task.id), eq(taskInvitations.influencerId, inf.id), eq(taskInvitations.status, 'pending')))
      .limit(1);
    if (invited) throw new AppError('INVITATION_PENDING');
    // commission only: there is no fee to propose
    if (task.pricingModel === 'commission') input = { ...input, proposedRate: 0 };
    else if (input.proposedRate < task.budgetMin || input.proposedRate > task.budgetMax) {
      throw new AppError('QUOTE_OUT_OF_RANGE', { min: task.budgetMin, max: task.budgetMax }, { proposedRate: 'QUOTE_OUT_OF_RANGE' });
    }
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(taskApplications)
      .where(and(eq(taskApplications.taskId, task.id), ne(taskApplications.status, 'withdrawn')));
    if (Number(n) >= task.maxApplicants) throw new AppError('TASK_FULL');
    const app = existing
      ? await moveApplication(tx, existing.id, 'withdrawn', {
          status: 'pending',
          proposedRate: input.proposedRate,
          message: input.message,
          appliedAt: ctx.clock.now(),
          respondedAt: null,
        })
      : (
          await tx
            .insert(taskApplications)
            .values({ taskId: task.id, influencerId: inf.id, proposedRate: input.proposedRate, message: input.message, status: 'pending' })
            .returning()
        )[0];
    if (!app) throw new AppError('APPLICATION_DUPLICATE');
    const [owner] = await tx.select({ userId: companies.userId }).from(companies).where(eq(companies.id, task.companyId));
    const notes = await addNotifications(tx, [
      {
        userId: owner.userId,
        type: existing ? 'application_resubmitted' : 'application_received',
        params: { influencer: inf.nickname, task: task.title, rate: input.proposedRate },
        link: `/task/${task.id}`,
      },
    ]);
    return { app, notes };
  });
  await mailNotifications(ctx, result.notes);
  return result.app;
}

export const applyOnce = async (ctx: AppContext, userId: string, input: ApplyRequest) => {
  try {
    return await apply(ctx, userId, input);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('APPLICATION_DUPLICATE');
    throw err;
  }
};

/**
 * Locks the application's task (task first, then the application: the one lock order); only the
 * owning company may decide; only pending ones (the caller's update is conditional as well).
 */
async function lockApplicationForCompany(tx: DbOrTx, applicationId: string, userId: string) {
  if (!isUuid(applicationId)) throw new AppError('APPLICATION_NOT_FOUND');
  // task_id never changes: reading it unlocked is safe
  const [a] = await tx.select({ taskId: taskApplications.taskId }).from(taskApplications).where(eq(taskApplications.id, applicationId)).limit(1);
  if (!a) throw new AppError('APPLICATION_NOT_FOUND');
  const { task } = await lockOwnTask(tx, a.taskId, userId);
  const [fresh] = await tx.select().from(taskApplications).where(eq(taskApplications.id, applicationId)).for('update').limit(1);
  if (!fresh || fresh.status !== 'pending') throw new AppError('APPLICATION_STATE_CONFLICT');
  return { application: fresh, task };
}

/**
 * Accept: the application becomes accepted and fills one of the task's slots (fillSlot): with one slot,
 * every other pending application is refused and the task is in progress, as before; with N slots that
 * happens at the N-th. Exactly one accept of the last slot wins.
 */
export async function acceptApplication(ctx: AppContext, userId: string, applicationId: string) {
  const notes = await ctx.db.transaction(async (tx) => {
    const { application, task } = await lockApplicationForCompany(tx, applicationId, userId);
    if (task.status !== 'open') throw new AppError('TASK_STATE_CONFLICT');
    const now = ctx.clock.now();
    if (!(await moveApplication(tx, application.id, 'pending', { status: 'accepted', respondedAt: now }))) {
      throw new AppError('APPLICATION_STATE_CONFLICT');
    }
    const slot = await fillSlot(ctx, tx, task, application, now, 'company');
    const users = await influencerUserIds(tx, [application.influencerId]);
    const list: NewNotification[] = [];
    const acceptedUser = users.get(application.influencerId);
    if (acceptedUser) {
      list.push({ userId: acceptedUser, type: 'application_accepted', params: { task: task.title }, link: `/deal/${slot.dealId}` });
    }
    list.push(...slot.notes);
    return addNotifications(tx, list);
  });
  await mailNotifications(ctx, notes);
}

export async function refuseApplication(ctx: AppContext, userId: string, applicationId: string) {
  const notes = await ctx.db.transaction(async (tx) => {
    const { application, task } = await lockApplicationForCompany(tx, applicationId, userId);
    if (!(await moveApplication(tx, application.id, 'pending', { status: 'refused', respondedAt: ctx.clock.now() }))) {
      throw new AppError('APPLICATION_STATE_CONFLICT');
    }
    const users = await influencerUserIds(tx, [application.influencerId]);
    const uid = users.get(application.influencerId);
    return addNotifications(
      tx,
      uid ? [{ userId: uid, type: 'application_refused' as const, params: { task: task.title }, link: `/task/${task.id}` }] : [],
    );
  });
  await mailNotifications(ctx, notes);
}

/**
 * The applicant withdraws a pending application. It locks the task first like every other
 * transition, so it never meets an accept or refuse of the same application half-way.
 */
export async function withdrawApplication(ctx: AppContext, userId: string, applicationId: string) {
  if (!isUuid(applicationId)) throw new AppError('APPLICATION_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    const [inf] = await tx.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
    // task_id and influencer_id never change: reading them unlocked is safe
    const [a] = await tx
      .select({ taskId: taskApplications.taskId, influencerId: taskApplications.influencerId })
      .from(taskApplications)
      .where(eq(taskApplications.id, applicationId))
      .limit(1);
    if (!a || !inf || a.influencerId !== inf.id) throw new AppError('APPLICATION_NOT_FOUND');
    await lockTask(tx, a.taskId);
    if (!(await moveApplication(tx, applicationId, 'pending', { status: 'withdrawn', respondedAt: ctx.clock.now() }))) {
      throw new AppError('APPLICATION_STATE_CONFLICT');
    }
  });
}

/** The owning company's view of a task's applicants (rate and message included). */
export async function listTaskApplications(db: Db, userId: string, taskId: string) {
  const company = await companyOf(db, userId);
  const [t] = await db.select({ companyId: tasks.companyId }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!t) throw new AppError('TASK_NOT_FOUND');
  if (t.companyId !== company.id) throw new AppError('FORBIDDEN');
  const rows = await db
    .select({ a: taskApplications, i: influencers, dealId: deals.id, invitationId: taskInvitations.id })
    .from(taskApplications)
    .innerJoin(influencers, eq(influencers.id, taskApplications.influencerId))
    .leftJoin(deals, eq(deals.applicationId, taskApplications.id))
    .leftJoin(taskInvitations, eq(taskInvitations.applicationId, taskApplications.id))
    .where(eq(taskApplications.taskId, taskId))
    .orderBy(desc(taskApplications.appliedAt));
  return rows.map(({ a, i, dealId, invitationId }) => ({
    id: a.id,
    taskId: a.taskId,
    status: a.status as 'pending',
    proposedRate: a.proposedRate,
    message: a.message,
    appliedAt: a.appliedAt.toISOString(),
    respondedAt: a.respondedAt?.toISOString() ?? null,
    dealId: dealId ?? null,
    invited: invitationId !== null,
    influencer: {
      id: i.id,
      nickname: i.nickname,
      avatarUrl: i.avatarUrl,
      followersCount: i.followersCount,
      rating: Number(i.rating),
      isVerified: i.isVerified,
    },
  }));
}

/** An influencer's own applications, newest first, with the task. */
export async function listMyApplications(db: Db, userId: string, influencerId?: string) {
  const [inf] = await db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
  if (!inf) throw new AppError('INFLUENCER_PROFILE_REQUIRED');
  if (influencerId && influencerId !== inf.id) throw new AppError('FORBIDDEN');
  const rows = await db
    .select({ a: taskApplications, t: tasks, companyName: companies.companyName })
    .from(taskApplications)
    .innerJoin(tasks, eq(tasks.id, taskApplications.taskId))
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .where(eq(taskApplications.influencerId, inf.id))
    .orderBy(desc(taskApplications.appliedAt));
  return rows.map(({ a, t, companyName }) => ({
    id: a.id,
    taskId: a.taskId,
    status: a.status as 'pending',
    proposedRate: a.proposedRate,
    message: a.message,
    appliedAt: a.appliedAt.toISOString(),
    respondedAt: a.respondedAt?.toISOString() ?? null,
    task: {
      id: t.id,
      title: t.title,
      status: asStatus(t.status),
      budgetMin: t.budgetMin,
      budgetMax: t.budgetMax,
      liveDate: t.liveDate?.toISOString() ?? null,
      companyName,
      slots: t.slots,
      currentApplicants: t.currentApplicants,
    },
  }));
}

export async function listCategories(db: Db) {
  const rows = await db
    .select()
    .from(taskCategories)
    .where(eq(taskCategories.isActive, true))
    .orderBy(asc(taskCategories.sortOrder), asc(taskCategories.createdAt));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    nameEn: c.nameEn,
    description: c.description,
    icon: c.icon,
    sortOrder: c.sortOrder,
    level: c.level,
    parentId: c.parentId,
  }));
}
