/**
 * Matching (issue 14, decision 0019): recommended influencers for a task, recommended open tasks for
 * an influencer, and the similar influencers of an influencer page — one scoring, explained.
 *
 * Each side is one SQL statement in two steps: a few index-ordered slices pick at most a few hundred
 * candidates (category fit by rating, category and rate fit by rating, same city, rate fit alone), then
 * every candidate gets its features (0..1) from its row, one lateral look at its deals (results delivered,
 * reliability, a deal overlapping the live session) and the exclusions; the score is the weighted sum
 * with the hand-set WEIGHTS below, and the reasons are the strongest weighted features that clear
 * their bar (REASON_BAR). Nothing here reads anything but the product's own tables.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { PRODUCT_TO_DIRECTORY, storedValuesOf } from '../../../shared/directory';
import { INFLUENCER_CATEGORIES, LANGUAGES, TASK_CATEGORY_OPTIONS } from '../../../shared/options';
import type { MatchReason, RecommendedInfluencer, RecommendedTask } from '../../../shared/schemas/matching';
import type { InfluencerCard } from '../../../shared/schemas/people';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { companies, influencers, taskCategories, tasks } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { AuthUser } from '../../platform/session';
import { toCard, type Viewer } from '../people/cards';

/** the weight of each feature (each feature is 0..1); see decision 0019 for how they were chosen */
export const WEIGHTS: Record<MatchReason, number> = {
  category: 3,
  rate: 2,
  rating: 1.2,
  delivered: 1,
  reliable: 0.6,
  location: 1,
  language: 0.8,
  free: 0.2,
};
/** a feature is named as a reason only from this value up (location and language only when the task asks) */
const REASON_BAR: Record<MatchReason, number> = {
  category: 0.5,
  rate: 1,
  rating: 0.55,
  delivered: 0.28,
  reliable: 0.75,
  location: 1,
  language: 1,
  free: 1,
};
const MAX_REASONS = 3;
/** how many candidates each index-ordered slice contributes */
const SLICE = { fit: 80, category: 40, city: 40, rate: 20, top: 10, tasksPerCategory: 60, newest: 20 } as const;

type Features = Record<MatchReason, number>;

/** The strongest weighted features that clear their bar, strongest first (ties in WEIGHTS order). */
export function reasonsOf(f: Features, shown: Partial<Record<MatchReason, boolean>> = {}): MatchReason[] {
  return (Object.keys(WEIGHTS) as MatchReason[])
    .filter((k) => f[k] >= REASON_BAR[k] && shown[k] !== false)
    .sort((a, b) => WEIGHTS[b] * f[b] - WEIGHTS[a] * f[a])
    .slice(0, MAX_REASONS);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

// ---------------------------------------------------------------------------------------------------
// what a task asks for, in the influencers' terms

/** a category's stored influencer values: exact (the product category or its directory category) and near (siblings) */
export function categoryValues(c: { name: string; nameEn: string | null } | null): { exact: string[]; near: string[] } {
  if (!c) return { exact: [], near: [] };
  const names = [c.name, c.nameEn ?? ''].map((s) => s.trim().toLowerCase()).filter(Boolean);
  const hit = (o: { value: string; zh: string; en: string }) =>
    names.some((n) => n === o.value.toLowerCase() || n === o.zh.toLowerCase() || n === o.en.toLowerCase());
  const product = TASK_CATEGORY_OPTIONS.find(hit);
  if (product) {
    const dir = PRODUCT_TO_DIRECTORY[product.value];
    const exact: string[] = dir ? [product.value, dir] : [product.value];
    return { exact, near: dir ? storedValuesOf(dir).filter((v) => !exact.includes(v)) : [] };
  }
  const dir = INFLUENCER_CATEGORIES.find(hit);
  return dir ? { exact: storedValuesOf(dir.value), near: [] } : { exact: [], near: [] };
}

/** languages other than Chinese, recognised by name (中/英) in a task's lower-cased text */
const LANGUAGE_WORDS = LANGUAGES.filter((l) => l.value !== 'chinese' && l.value !== 'other').map((l) => ({
  value: l.value,
  words: [l.zh, l.en.toLowerCase(), ...(l.value === 'english' ? ['双语', 'bilingual'] : [])],
}));

export function languagesAskedIn(text: string): string[] {
  const t = text.toLowerCase();
  return LANGUAGE_WORDS.filter((l) => l.words.some((w) => t.includes(w))).map((l) => l.value);
}

/** 线上 (online) matches every location */
export const isOnline = (location: string | null | undefined) => !location || location.trim() === '' || location.trim() === '线上';

// ---------------------------------------------------------------------------------------------------
// shared SQL pieces: the same expressions score both sides

/** rate fit: the influencer's rate for the duration inside the budget 1, under it 0.5, over it 0 */
const rateFit = (rate: SQL, duration: SQL, min: SQL, max: SQL) =>
  sql`(case when ${rate} <= 0 then 0 when ${rate} * ${duration} between ${min} and ${max} then 1 when ${rate} * ${duration} < ${min} then 0.5 else 0 end)::float8`;
/** a rating shrunk towards 0 while it rests on few reviews (stored for influencers as match_quality, the same formula) */
const ratingFit = (rating: SQL, reviews: SQL) => sql`(${rating}::float8 / 5 * ${reviews} / (${reviews} + 5))`;
/** results delivered: 1 lives → 0.29, 3 → 0.58, 10+ → 1 */
const deliveredFit = (n: SQL) => sql`least(1, ln(1 + ${n}) / ln(11))::float8`;
/** the share of ended deals that were completed, 0.5 with no history */
const reliableFit = (done: SQL, ended: SQL) => sql`((${done} + 1)::float8 / (${ended} + 2))`;
/**
 * An influencer's reliability (decision 0025): completed deals and answered invitations (accepted or
 * declined) count as kept, cancelled deals and invitations left to expire as not: (kept + 1) / (all + 2)
 */
const influencerReliableFit = sql`((h.completed + v.answered + 1)::float8 / (h.ended + v.answered + v.expired + 2))`;
/** a location fits when the task is online or one name contains the other (上海 / 上海市) */
const locationFit = (place: SQL, wanted: SQL) =>
  sql`(case when ${wanted} is null then 1 when ${place} is not null and (strpos(${place}, ${wanted}) > 0 or strpos(${wanted}, ${place}) > 0) then 1 else 0 end)::float8`;
/** the live session of a deal: the confirmed schedule, else the planned date and the duration */
const dealStart = sql`coalesce(d.schedule_start, d.planned_live_date)`;
const dealEnd = sql`coalesce(d.schedule_end, coalesce(d.schedule_start, d.planned_live_date) + d.duration_hours * interval '1 hour')`;
const ACTIVE_DEAL = sql`d.status not in ('completed', 'cancelled')`;

const weighted = (f: Record<MatchReason, SQL>) =>
  sql.join(
    (Object.keys(WEIGHTS) as MatchReason[]).map((k) => sql`${sql.raw(String(WEIGHTS[k]))}::float8 * ${f[k]}`),
    sql` + `,
  );

const REASON_KEYS = Object.keys(WEIGHTS) as MatchReason[];
/** each feature as a column f_<name> … */
const featureColumns = (f: Record<MatchReason, SQL>) =>
  sql.join(
    REASON_KEYS.map((k) => sql`${f[k]} ${sql.raw(`f_${k}`)}`),
    sql`, `,
  );
/** … and the score over those columns */
const SCORE = weighted(Object.fromEntries(REASON_KEYS.map((k) => [k, sql.raw(`f_${k}`)])) as Record<MatchReason, SQL>);

const textArray = (v: readonly string[]) => sql`${sql.param([...v])}::text[]`;

// ---------------------------------------------------------------------------------------------------
// influencers for a target (a task, or an influencer for the similar block)

export type InfluencerTarget = {
  exact: string[];
  near: string[];
  /** the budget for the whole session, in dollars, and its duration in hours */
  budgetMinCents: number;
  budgetMaxCents: number;
  durationHours: number;
  /** null: online, anywhere */
  location: string | null;
  languages: string[];
  /** the live session; null when not planned yet */
  window: { start: Date; end: Date } | null;
  /** leave out those who applied to this task or were invited to it */
  taskId: string | null;
  /** leave out this influencer (the page's own) */
  excludeInfluencerId: string | null;
  /** only influencers of a fitting category (the similar block) */
  sameCategoryOnly?: boolean;
  limit: number;
};

/** what every scored row carries: its features (f_<name>) and the score */
type FeatureRow = { [K in MatchReason as `f_${K}`]: number } & { score: number };

type InfluencerRow = FeatureRow & {
  id: string;
  nickname: string;
  avatar_url: string | null;
  location: string | null;
  categories: string[];
  tags: string[];
  rating: string | number;
  total_reviews: number;
  experience_years: string | number;
  is_verified: boolean;
  followers_count: number;
  hourly_rate_cents: number;
};

const featuresOf = (r: FeatureRow): Features => Object.fromEntries(REASON_KEYS.map((k) => [k, Number(r[`f_${k}`])])) as Features;

/** The statement behind 推荐达人 and the similar block: candidates from index-ordered slices, then scored. */
export function influencerStatement(t: InfluencerTarget, viewerSignedIn: boolean): SQL {
  const all = [...t.exact, ...t.near];
  const duration = Math.max(0.5, t.durationHours);
  const rateLo = Math.ceil(t.budgetMinCents / duration);
  const rateHi = Math.floor(t.budgetMaxCents / duration);
  const listed = sql`i.is_approved and i.status = 'active'`;
  // influencers_match_idx: ordered by the rating feature, covering what the slices filter on
  const byRating = sql`order by i.match_quality desc nulls last, i.id`;
  const slices: SQL[] = [];
  if (all.length) {
    slices.push(
      sql`(select i.id from influencers i where ${listed} and i.categories && ${textArray(all)} and i.hourly_rate_cents between ${rateLo} and ${rateHi} ${byRating} limit ${SLICE.fit})`,
    );
    slices.push(sql`(select i.id from influencers i where ${listed} and i.categories && ${textArray(all)} ${byRating} limit ${SLICE.category})`);
    if (t.location)
      slices.push(
        sql`(select i.id from influencers i where ${listed} and i.location = ${t.location} and i.categories && ${textArray(all)} ${byRating} limit ${SLICE.city})`,
      );
  } else if (t.location) {
    slices.push(sql`(select i.id from influencers i where ${listed} and i.location = ${t.location} ${byRating} limit ${SLICE.city})`);
  }
  if (!t.sameCategoryOnly) {
    slices.push(sql`(select i.id from influencers i where ${listed} and i.hourly_rate_cents between ${rateLo} and ${rateHi} ${byRating} limit ${SLICE.rate})`);
    // and the best rated of all, so a good fit on the other features is never missed on a small platform
    slices.push(sql`(select i.id from influencers i where ${listed} ${byRating} limit ${SLICE.top})`);
  }

  const wantedLocation = t.location === null ? sql`null::text` : sql`${t.location}::text`;
  const overlap = t.window
    ? sql`bool_or(${ACTIVE_DEAL} and ${dealStart} < ${t.window.end.toISOString()}::timestamptz and ${dealEnd} > ${t.window.start.toISOString()}::timestamptz)`
    : sql`false`;
  const f: Record<MatchReason, SQL> = {
    category: sql`(case when i.categories && ${textArray(t.exact)} then 1 when i.categories && ${textArray(t.near)} then 0.5 else 0 end)::float8`,
    rate: rateFit(sql`i.hourly_rate_cents`, sql`${duration}::float8`, sql`${t.budgetMinCents}`, sql`${t.budgetMaxCents}`),
    rating: sql`i.match_quality`,
    delivered: deliveredFit(sql`h.delivered`),
    reliable: influencerReliableFit,
    location: locationFit(sql`i.location`, wantedLocation),
    language: t.languages.length
      ? sql`(case when i.languages && ${textArray(t.languages)} or (i.bilingual_live and 'english' = any(${textArray(t.languages)})) then 1 else 0 end)::float8`
      : sql`0::float8`,
    free: sql`${t.window ? 1 : 0}::float8`,
  };
  const visible = viewerSignedIn
    ? sql`coalesce(s.profile_visibility, 'public') in ('public', 'registered')`
    : sql`coalesce(s.profile_visibility, 'public') = 'public'`;
  return sql`
    with cand as (${sql.join(slices, sql` union `)}),
    scored as (
      select i.id, i.nickname, i.avatar_url, i.location, i.categories, i.tags, i.rating, i.total_reviews, i.experience_years,
             i.is_verified, i.followers_count, i.hourly_rate_cents,
             ${featureColumns(f)}
      from cand
      join influencers i on i.id = cand.id
      left join user_settings s on s.user_id = i.user_id
      cross join lateral (
        select count(*) filter (where d.status = 'completed' and d.reported_at is not null) delivered,
               count(*) filter (where d.status = 'completed') completed,
               count(*) filter (where d.status in ('completed', 'cancelled')) ended,
               coalesce(${overlap}, false) busy
        from deals d where d.influencer_id = i.id
      ) h
      cross join lateral (
        select count(*) filter (where iv.status in ('accepted', 'declined')) answered,
               count(*) filter (where iv.status = 'expired') expired
        from task_invitations iv where iv.influencer_id = i.id
      ) v
      where ${visible} and not h.busy
        ${t.excludeInfluencerId ? sql`and i.id <> ${t.excludeInfluencerId}` : sql``}
        ${
          t.taskId
            ? sql`and not exists (select 1 from task_applications a where a.task_id = ${t.taskId} and a.influencer_id = i.id)
            and not exists (select 1 from task_invitations v where v.task_id = ${t.taskId} and v.influencer_id = i.id)`
            : sql``
        }
    )
    select *, ${SCORE} score
    from scored
    order by score desc, rating desc, id
    limit ${t.limit}`;
}

function toRecommended(r: InfluencerRow, viewer: Viewer, shown: Partial<Record<MatchReason, boolean>>): RecommendedInfluencer {
  const card: InfluencerCard = toCard(
    {
      id: r.id,
      nickname: r.nickname,
      avatarUrl: r.avatar_url,
      location: r.location,
      categories: r.categories,
      tags: r.tags,
      rating: Number(r.rating),
      totalReviews: r.total_reviews,
      experienceYears: Number(r.experience_years),
      isVerified: r.is_verified,
      followersCount: r.followers_count,
      hourlyRateCents: r.hourly_rate_cents,
    },
    viewer,
  );
  return { ...card, score: round(Number(r.score)), reasons: reasonsOf(featuresOf(r), shown) };
}

export async function rankInfluencers(db: DbOrTx, target: InfluencerTarget, viewer: Viewer): Promise<RecommendedInfluencer[]> {
  const rows = await queryRows<InfluencerRow>(db, influencerStatement(target, viewer !== null));
  // location and language are reasons only when the target asks for them
  const shown = { location: target.location !== null, language: target.languages.length > 0 };
  return rows.map((r) => toRecommended(r, viewer, shown));
}

/** A task as a target: what it asks of an influencer. */
export async function taskTarget(db: DbOrTx, taskId: string, limit: number) {
  const [row] = await db
    .select({ t: tasks, companyUserId: companies.userId, catName: taskCategories.name, catNameEn: taskCategories.nameEn })
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .leftJoin(taskCategories, eq(taskCategories.id, tasks.categoryId))
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!row) return null;
  const t = row.t;
  const duration = Number(t.durationHours);
  const { exact, near } = categoryValues(row.catName === null ? null : { name: row.catName, nameEn: row.catNameEn });
  const target: InfluencerTarget = {
    exact,
    near,
    budgetMinCents: t.budgetMinCents,
    budgetMaxCents: t.budgetMaxCents,
    durationHours: duration,
    location: isOnline(t.location) ? null : t.location.trim(),
    languages: languagesAskedIn(`${t.title} ${t.description} ${t.requirements.join(' ')}`),
    window: t.liveDate ? { start: t.liveDate, end: new Date(t.liveDate.getTime() + duration * 3600_000) } : null,
    taskId: t.id,
    excludeInfluencerId: null,
    limit,
  };
  return { target, status: t.status, companyUserId: row.companyUserId };
}

/**
 * GET /api/tasks/:id/recommended-influencers — the owning company only; any other company gets 404
 * (the task's recommendations do not exist for it). Only open tasks recruit.
 */
export async function recommendInfluencers(db: Db, user: AuthUser, taskId: string, limit: number): Promise<{ open: boolean; items: RecommendedInfluencer[] }> {
  const found = await taskTarget(db, taskId, limit);
  if (!found || found.companyUserId !== user.id) throw new AppError('TASK_NOT_FOUND');
  if (found.status !== 'open') return { open: false, items: [] };
  return { open: true, items: await rankInfluencers(db, found.target, user) };
}

/** The similar block of an influencer page: the same scoring, with the influencer as the target. */
export async function similarInfluencers(
  db: DbOrTx,
  i: { id: string; categories: string[]; hourlyRateCents: number; location: string | null; languages: string[] },
  viewer: Viewer,
  limit: number,
): Promise<InfluencerCard[]> {
  const exact = i.categories;
  const near = [...new Set(exact.flatMap((v) => storedValuesOf(PRODUCT_TO_DIRECTORY[v as keyof typeof PRODUCT_TO_DIRECTORY] ?? v)))].filter(
    (v) => !exact.includes(v),
  );
  if (exact.length === 0) return [];
  const rate = Math.max(1, i.hourlyRateCents);
  const items = await rankInfluencers(
    db,
    {
      exact,
      near,
      // a rate within 30% of theirs for an hour
      budgetMinCents: Math.floor(rate * 0.7),
      budgetMaxCents: Math.ceil(rate * 1.3),
      durationHours: 1,
      location: isOnline(i.location) ? null : (i.location?.trim() ?? null),
      languages: i.languages.filter((l) => l !== 'chinese'),
      window: null,
      taskId: null,
      excludeInfluencerId: i.id,
      sameCategoryOnly: true,
      limit,
    },
    viewer,
  );
  return items.map(({ score: _s, reasons: _r, ...card }) => card);
}

// ---------------------------------------------------------------------------------------------------
// open tasks for an influencer

type TaskRow = FeatureRow & {
  id: string;
  title: string;
  company_name: string;
  budget_min_cents: string | number;
  budget_max_cents: string | number;
  duration_hours: string | number;
  live_date: Date | string | null;
  location: string;
  is_urgent: boolean;
};

export type TaskSeeker = {
  influencerId: string;
  categories: string[];
  hourlyRateCents: number;
  location: string | null;
  languages: string[];
  limit: number;
  now: Date;
};

/** active categories with the influencer's fit: exact ids and near ids */
async function categoryFit(db: DbOrTx, mine: string[]): Promise<{ exact: string[]; near: string[] }> {
  const cats = await db
    .select({ id: taskCategories.id, name: taskCategories.name, nameEn: taskCategories.nameEn })
    .from(taskCategories)
    .where(eq(taskCategories.isActive, true))
    .orderBy(asc(taskCategories.sortOrder));
  const exact: string[] = [];
  const near: string[] = [];
  for (const c of cats) {
    const v = categoryValues(c);
    if (v.exact.some((x) => mine.includes(x))) exact.push(c.id);
    else if (v.near.some((x) => mine.includes(x))) near.push(c.id);
  }
  return { exact, near };
}

export async function taskStatement(db: DbOrTx, s: TaskSeeker): Promise<SQL> {
  const { exact, near } = await categoryFit(db, s.categories);
  const ids = [...exact, ...near];
  const rate = s.hourlyRateCents;
  const place = isOnline(s.location) ? null : (s.location?.trim() ?? null);
  const slices: SQL[] = [];
  if (ids.length) {
    // newest open tasks of each fitting category that can pay at least an hour (tasks_status_category_created_idx,
    // read in order; `+ 0` keeps the budget a filter so the scan stops at the limit instead of sorting the category)
    slices.push(sql`(select x.id from unnest(${sql.param(ids)}::uuid[]) c(id)
      cross join lateral (select t.id from tasks t where t.status = 'open' and t.category_id = c.id and t.budget_max_cents + 0 >= ${rate}
                          order by t.created_at desc nulls last limit ${SLICE.tasksPerCategory}) x)`);
  }
  if (place)
    slices.push(sql`(select t.id from tasks t where t.status = 'open' and t.location = ${place} order by t.created_at desc nulls last limit ${SLICE.city})`);
  slices.push(sql`(select t.id from tasks t where t.status = 'open' order by t.created_at desc nulls last, t.id desc nulls last limit ${SLICE.newest})`);

  const langs = s.languages.filter((l) => l !== 'chinese');
  const words = LANGUAGE_WORDS.filter((l) => langs.includes(l.value)).flatMap((l) => l.words.map((w) => `%${w}%`));
  const tEnd = sql`t.live_date + t.duration_hours * interval '1 hour'`;
  const f: Record<MatchReason, SQL> = {
    category: sql`(case when t.category_id = any(${sql.param(exact)}::uuid[]) then 1 when t.category_id = any(${sql.param(near)}::uuid[]) then 0.5 else 0 end)::float8`,
    rate: rateFit(sql`${rate}`, sql`t.duration_hours::float8`, sql`t.budget_min_cents`, sql`t.budget_max_cents`),
    rating: ratingFit(sql`co.avg_rating`, sql`co.completed_tasks`),
    delivered: deliveredFit(sql`co.completed_tasks`),
    reliable: reliableFit(sql`co.completed_tasks`, sql`greatest(co.total_tasks, co.completed_tasks)`),
    location: sql`(case when t.location = '线上' or t.location = '' then 1 else ${locationFit(place === null ? sql`null::text` : sql`${place}::text`, sql`t.location`)} end)::float8`,
    language: words.length ? sql`(case when t.search_text like any(${textArray(words)}) then 1 else 0 end)::float8` : sql`0::float8`,
    free: sql`(case when t.live_date is null then 0 else 1 end)::float8`,
  };
  return sql`
    with cand as (${sql.join(slices, sql` union `)}),
    scored as (
      select t.id, t.title, co.company_name, t.budget_min_cents, t.budget_max_cents, t.duration_hours, t.live_date, t.location, t.is_urgent,
             ${featureColumns(f)}
      from cand
      join tasks t on t.id = cand.id
      join companies co on co.id = t.company_id
      join users cu on cu.id = co.user_id
      where t.status = 'open' and cu.suspended_at is null
        and (t.live_date is null or t.live_date > ${s.now.toISOString()}::timestamptz)
        and not exists (select 1 from task_applications a where a.task_id = t.id and a.influencer_id = ${s.influencerId})
        and not exists (select 1 from task_invitations v where v.task_id = t.id and v.influencer_id = ${s.influencerId})
        and not exists (
          select 1 from deals d where d.influencer_id = ${s.influencerId} and ${ACTIVE_DEAL} and t.live_date is not null
            and ${dealStart} < ${tEnd} and ${dealEnd} > t.live_date)
    )
    select *, ${SCORE} score
    from scored
    order by score desc, id
    limit ${s.limit}`;
}

export async function rankTasks(db: DbOrTx, s: TaskSeeker): Promise<RecommendedTask[]> {
  const rows = await queryRows<TaskRow>(db, await taskStatement(db, s));
  return rows.map((r) => {
    const shown = { location: !isOnline(r.location), language: true };
    return {
      id: r.id,
      title: r.title,
      companyName: r.company_name,
      budgetMinCents: Number(r.budget_min_cents),
      budgetMaxCents: Number(r.budget_max_cents),
      durationHours: Number(r.duration_hours),
      liveDate: r.live_date === null ? null : new Date(r.live_date).toISOString(),
      location: r.location,
      isUrgent: r.is_urgent,
      score: round(Number(r.score)),
      reasons: reasonsOf(featuresOf(r), shown),
    };
  });
}

/** GET /api/me/recommended-tasks — the signed-in influencer's own recommendations. */
export async function recommendTasks(db: Db, user: AuthUser, limit: number, now: Date): Promise<RecommendedTask[]> {
  const [i] = await db
    .select({
      id: influencers.id,
      categories: influencers.categories,
      hourlyRateCents: influencers.hourlyRateCents,
      location: influencers.location,
      languages: influencers.languages,
      bilingual: influencers.bilingualLive,
    })
    .from(influencers)
    .where(and(eq(influencers.userId, user.id)))
    .limit(1);
  if (!i) throw new AppError('INFLUENCER_PROFILE_REQUIRED');
  const languages = i.bilingual && !i.languages.includes('english') ? [...i.languages, 'english'] : i.languages;
  return rankTasks(db, { influencerId: i.id, categories: i.categories, hourlyRateCents: i.hourlyRateCents, location: i.location, languages, limit, now });
}
