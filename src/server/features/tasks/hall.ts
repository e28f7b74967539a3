/** GET /api/tasks — the task hall (decision 0003): one prepared statement per shape of request. */
import { and, asc, eq, fillPlaceholders, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import { BUDGET_BOUNDS, type TaskListQuery, type TaskListResponse } from '../../../shared/schemas/tasks';
import { escapeLike, type Db } from '../../db/client';
import { companies, taskCategories, tasks } from '../../db/schema';
import { selected, cardColumns, toCard, p } from './cards';

/** Hall totals are counted up to this many; beyond it the hall shows "10000+" (keeps deep counts cheap). */
export const TOTAL_CAP = 10_000;

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
    budget: !q.budgetCents ? 'none' : BUDGET_BOUNDS[q.budgetCents].upper === null ? 'from' : 'range',
    // no trigram in 1–2 characters: those terms use the search_grams index
    search: !q.search ? 'none' : [...q.search].length <= 2 ? 'short' : 'long',
    sort: q.sort,
  };
}

/** The values of a hall request, by placeholder name. */
function hallValues(q: TaskListQuery): Record<string, unknown> {
  const b = q.budgetCents ? BUDGET_BOUNDS[q.budgetCents] : null;
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
    where.push(gte(tasks.budgetMinCents, p('lower')));
    if (shape.budget === 'range') {
      where.push(lte(tasks.budgetMaxCents, p('upper')));
      // implied (budget_min ≤ budget_max), stated so the budget_min index scans a bounded range
      where.push(lte(tasks.budgetMinCents, p('upper')));
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
      return [sql`${tasks.budgetMaxCents} desc nulls last`, sql`${tasks.createdAt} desc nulls last`];
    case 'budget_asc':
      return [asc(tasks.budgetMinCents), sql`${tasks.createdAt} desc nulls last`];
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
    total: db
      .select({ n: sql<number>`count(*)::int` })
      .from(capped)
      .prepare(`${name}_total`),
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
  return { items: rows.map(toCard), total: Number(n), page: q.page, limit: q.limit };
}
