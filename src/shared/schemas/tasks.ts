import { z } from 'zod';
import { APPLICATION_STATUSES, INVITATION_STATUSES, ONLINE_LOCATION, TASK_STATUSES, storedLocation } from '../options';
import { CENTS_MAX, bpsIn, bpsOut, centsIn, centsOut, decimal, int, isoDateTime, optionalText, queryInt, text } from './fields';
import { IDEMPOTENCY_KEY_HEADER } from '../headers';
import { listOf, pageQuery } from './common';
import { PRICING_MODELS } from '../money';
import { DEAL_STATES } from '../deals';
import type { ErrorCode } from '../errors';

/** the hall's budget ranges, in integer cents (decision 0053): 0-100000 is $0 – $1,000 */
export const BUDGET_RANGES = ['0-100000', '100000-500000', '500000-1000000', '1000000-5000000', '5000000+'] as const;
export type BudgetRange = (typeof BUDGET_RANGES)[number];
/** A task matches a range when min ≥ lower and max ≤ upper; 5000000+ means min ≥ $50,000 (part 2 §5). Cents. */
export const BUDGET_BOUNDS: Record<BudgetRange, { lower: number; upper: number | null }> = {
  '0-100000': { lower: 0, upper: 100_000 },
  '100000-500000': { lower: 100_000, upper: 500_000 },
  '500000-1000000': { lower: 500_000, upper: 1_000_000 },
  '1000000-5000000': { lower: 1_000_000, upper: 5_000_000 },
  '5000000+': { lower: 5_000_000, upper: null },
};
export const TASK_SORTS = ['created_at', 'budget_desc', 'budget_asc', 'live_date', 'urgent'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const TASK_PAGE_SIZE = 12;

export const taskCategory = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** the English name (null: the English interface shows name) */
  nameEn: z.string().nullable(),
  description: z.string().nullable(),
  icon: z.string(),
  sortOrder: z.number().int(),
  level: z.number().int(),
  parentId: z.string().uuid().nullable(),
});
export type TaskCategory = z.infer<typeof taskCategory>;
/** GET /api/categories: every active category fits one page (the default limit is the most there may be) */
export const categoriesQuery = pageQuery(100, 100);
export const categoriesResponse = listOf(taskCategory);

export const taskListQuery = z.object({
  search: text(50).optional(),
  category: z.string().uuid().optional(),
  budgetCents: z
    .enum(BUDGET_RANGES)
    .optional()
    .describe('A budget range in integer cents (USD), lower-upper: the task’s budget lies inside it (5000000+: from $50,000 up)'),
  sort: z.enum(TASK_SORTS).default('created_at'),
  status: z.enum([...TASK_STATUSES, 'all']).default('open'),
  page: queryInt(1, 100_000).default(1),
  limit: queryInt(1, 50).default(TASK_PAGE_SIZE),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const taskCard = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  productName: z.string().nullable(),
  requirements: z.array(z.string()),
  budgetMinCents: centsOut('The lowest budget'),
  budgetMaxCents: centsOut('The highest budget'),
  maxApplicants: z.number().int(),
  liveDate: z.string().nullable(),
  durationHours: z.number(),
  location: z.string(),
  status: z.enum(TASK_STATUSES),
  isUrgent: z.boolean(),
  isAdvancePaid: z.boolean(),
  paidAmountCents: centsOut('The prepayment held since publishing (null: not prepaid)').nullable(),
  requiresDeposit: z.boolean(),
  depositAmountCents: centsOut('The deposit the influencer pays (null: none)').nullable(),
  /** how the influencer is paid (decision 0022); commissionBps: basis points of the confirmed GMV */
  pricingModel: z.enum(PRICING_MODELS),
  commissionBps: bpsOut('The commission on the confirmed GMV (0 for a fixed fee)'),
  /** 已招 currentApplicants / slots: how many influencers the task recruits and how many are taken (decision 0025) */
  slots: z.number().int(),
  currentApplicants: z.number().int(),
  applicationsCount: z.number().int(),
  viewsCount: z.number().int(),
  createdAt: z.string(),
  company: z.object({ id: z.string().uuid(), companyName: z.string(), logoUrl: z.string().nullable(), isVerified: z.boolean() }),
  category: z
    .object({ id: z.string().uuid(), name: z.string(), nameEn: z.string().nullable(), icon: z.string(), description: z.string().nullable() })
    .nullable(),
  selectedInfluencer: z.object({ id: z.string().uuid(), nickname: z.string() }).nullable(),
});
export type TaskCard = z.infer<typeof taskCard>;
export const taskListResponse = listOf(taskCard);
export type TaskListResponse = z.infer<typeof taskListResponse>;

export const applicationStatus = z.enum(APPLICATION_STATUSES);
export const myApplication = z.object({
  id: z.string().uuid(),
  status: applicationStatus,
  proposedRateCents: centsOut('The influencer’s quote'),
  message: z.string().nullable(),
  appliedAt: z.string(),
});
export const taskDetailResponse = z.object({
  task: taskCard.extend({ isSettled: z.boolean(), updatedAt: z.string() }),
  viewer: z.object({
    isOwner: z.boolean(),
    canApply: z.boolean(),
    myApplication: myApplication.nullable(),
    /** the viewer's deal of this task: the influencer's own; for the owner the newest one (null for everyone else) */
    dealId: z.string().uuid().nullable(),
    /** the signed-in influencer's invitation to this task (邀请), if the company sent one */
    invitation: z
      .object({
        id: z.string().uuid(),
        status: z.enum(INVITATION_STATUSES),
        offeredRateCents: centsOut('The rate the company offered'),
        message: z.string(),
        expiresAt: z.string(),
      })
      .nullable(),
  }),
});
export type TaskDetailResponse = z.infer<typeof taskDetailResponse>;
/** A missing id is 任务ID不存在 (400); an id that cannot name a task is 任务不存在 (404), like an unknown one. */
export const taskIdQuery = z.object({
  id: z
    .string({ error: 'TASK_ID_MISSING' })
    .trim()
    .min(1, { error: 'TASK_ID_MISSING' })
    .refine((v) => z.uuid().safeParse(v).success, { error: 'TASK_NOT_FOUND' }),
});

/** the most influencers one task may recruit */
export const TASK_SLOTS_MAX = 50;

/** budget_min_cents / budget_max_cents: integer cents in bigint columns, at most $100,000,000.00 (decision 0053). */
export const BUDGET_MAX_CENTS = CENTS_MAX;
const budget = (what: string) =>
  centsIn(0, BUDGET_MAX_CENTS, { invalid: 'TASK_BUDGET_REQUIRED', tooSmall: 'TASK_BUDGET_INVALID', tooLarge: 'TASK_BUDGET_TOO_LARGE' }, what);
/** paid_amount_cents / deposit_amount_cents: integer cents, never more than budgetMaxCents. */
const amount = (
  invalid: 'TASK_PREPAYMENT_INVALID' | 'TASK_DEPOSIT_INVALID',
  tooLarge: 'TASK_PREPAYMENT_OVER_BUDGET' | 'TASK_DEPOSIT_OVER_BUDGET',
  what: string,
) => centsIn(0, BUDGET_MAX_CENTS, { invalid, tooLarge }, what).optional().nullable();

/** A live date lies between now and one year ahead; a few minutes of clock difference are allowed. */
export const LIVE_DATE_GRACE_MS = 5 * 60 * 1000;
export function liveDateInWindow(liveDate: Date, now: Date): boolean {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return liveDate.getTime() >= now.getTime() - LIVE_DATE_GRACE_MS && liveDate.getTime() <= latest.getTime();
}

/** Requirements: one per line (or a list), blank lines dropped. */
const requirementsField = z
  .union([z.string(), z.array(z.string())], { error: 'BAD_REQUEST' })
  .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(text(200, { multiline: true })).max(30));
const maxApplicantsField = int(1, 1000, { invalid: 'TASK_MAX_APPLICANTS_INVALID', tooLarge: 'NUMBER_TOO_LARGE' });
const slotsField = int(1, TASK_SLOTS_MAX, { invalid: 'TASK_SLOTS_INVALID', tooSmall: 'TASK_SLOTS_INVALID', tooLarge: 'TASK_SLOTS_INVALID' });
/** ISO date-time with offset; between now and one year ahead (liveDateInWindow, checked against the server clock) */
const liveDateField = isoDateTime('TASK_LIVE_DATE_INVALID').optional().nullable();
/** duration_hours numeric(5,1) */
const durationField = decimal(0.5, 24, 1, { invalid: 'TASK_DURATION_INVALID' });
const locationField = text(100).transform(storedLocation);
const pricingModelField = z.enum(PRICING_MODELS, { error: 'BAD_REQUEST' });
/** basis points of the confirmed GMV (1250 = 12.5 %); required unless the fee is fixed */
const commissionField = bpsIn(
  0,
  10_000,
  1,
  { invalid: 'TASK_COMMISSION_INVALID', tooLarge: 'TASK_COMMISSION_INVALID' },
  'The commission on the confirmed GMV; required (above 0) unless pricingModel is fixed',
)
  .optional()
  .nullable();

/** The values the task rules look at together (a whole publish form, or a stored task with an edit applied). */
export type TaskRuleValues = {
  budgetMinCents: number;
  budgetMaxCents: number;
  slots: number;
  maxApplicants: number;
  pricingModel: (typeof PRICING_MODELS)[number];
  commissionBps?: number | null;
  isAdvancePaid: boolean;
  paidAmountCents?: number | null;
  requiresDeposit: boolean;
  depositAmountCents?: number | null;
};
/** The rules across fields of a task (part 2 §5): the publish form and the edit (PATCH /api/tasks/{id}) both keep them. */
export function taskRuleIssues(v: TaskRuleValues): { path: string; code: ErrorCode }[] {
  const issues: { path: string; code: ErrorCode }[] = [];
  if (v.budgetMaxCents < v.budgetMinCents) issues.push({ path: 'budgetMaxCents', code: 'TASK_BUDGET_RANGE' });
  if (v.slots > v.maxApplicants) issues.push({ path: 'slots', code: 'TASK_SLOTS_OVER_APPLICANTS' });
  if (v.pricingModel !== 'fixed' && !(typeof v.commissionBps === 'number' && v.commissionBps > 0)) {
    issues.push({ path: 'commissionBps', code: 'TASK_COMMISSION_INVALID' });
  }
  if (v.isAdvancePaid && !(typeof v.paidAmountCents === 'number' && v.paidAmountCents > 0)) {
    issues.push({ path: 'paidAmountCents', code: 'TASK_PREPAYMENT_INVALID' });
  } else if (v.isAdvancePaid && typeof v.paidAmountCents === 'number' && v.paidAmountCents > v.budgetMaxCents) {
    issues.push({ path: 'paidAmountCents', code: 'TASK_PREPAYMENT_OVER_BUDGET' });
  }
  if (v.requiresDeposit && !(typeof v.depositAmountCents === 'number' && v.depositAmountCents > 0)) {
    issues.push({ path: 'depositAmountCents', code: 'TASK_DEPOSIT_INVALID' });
  } else if (v.requiresDeposit && typeof v.depositAmountCents === 'number' && v.depositAmountCents > v.budgetMaxCents) {
    issues.push({ path: 'depositAmountCents', code: 'TASK_DEPOSIT_OVER_BUDGET' });
  }
  return issues;
}

/** The publish form (part 2 §2, §5). Requirements: one per line, blank lines dropped. */
export const taskCreateRequest = z
  .object({
    title: text(100, { required: 'TASK_TITLE_REQUIRED' }),
    description: text(5000, { multiline: true, required: 'TASK_DESCRIPTION_REQUIRED' }),
    categoryId: z.string({ error: 'TASK_CATEGORY_REQUIRED' }).uuid({ error: 'TASK_CATEGORY_REQUIRED' }),
    productName: optionalText(100),
    requirements: requirementsField.default([]),
    budgetMinCents: budget('The lowest budget'),
    budgetMaxCents: budget('The highest budget (at least budgetMinCents)'),
    maxApplicants: maxApplicantsField.default(5),
    /** 招募人数: how many influencers the task recruits (1–50, at most maxApplicants) */
    slots: slotsField.default(1),
    liveDate: liveDateField,
    durationHours: durationField.default(2),
    location: text(100).default(ONLINE_LOCATION).transform(storedLocation),
    isUrgent: z.boolean().default(false),
    isAdvancePaid: z.boolean().default(false),
    paidAmountCents: amount(
      'TASK_PREPAYMENT_INVALID',
      'TASK_PREPAYMENT_OVER_BUDGET',
      'The prepayment (isAdvancePaid), held from the company’s wallet; at most budgetMaxCents',
    ),
    requiresDeposit: z.boolean().default(false),
    depositAmountCents: amount('TASK_DEPOSIT_INVALID', 'TASK_DEPOSIT_OVER_BUDGET', 'The deposit the influencer pays (requiresDeposit); at most budgetMaxCents'),
    /** fixed fee (the proposed rate), slot fee (坑位费) + commission, or commission only */
    pricingModel: pricingModelField.default('fixed'),
    commissionBps: commissionField,
  })
  .superRefine((v, ctx) => {
    for (const issue of taskRuleIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.code });
  });
export type TaskCreateRequest = z.infer<typeof taskCreateRequest>;

/**
 * POST /api/tasks may carry an `Idempotency-Key` (1–200 visible ASCII characters): the same key
 * from the same account within 24 h gets the same task back instead of a second one.
 */
export { IDEMPOTENCY_KEY_HEADER };
export const idempotencyKey = z.string({ error: 'IDEMPOTENCY_KEY_INVALID' }).regex(/^[\x21-\x7e]{1,200}$/, { error: 'IDEMPOTENCY_KEY_INVALID' });
// loose: the validated value replaces request.headers, whose other headers (cookie, …) must stay
export const taskCreateHeaders = z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey.optional() });
export type TaskCreateInput = z.input<typeof taskCreateRequest>;

/**
 * PATCH /api/tasks/{id}: what the owning company may change while nobody has applied or been invited
 * (decision 0054). Every field is optional; a field not named here (the prepayment, which moved money at
 * publishing) is refused. The merged task must keep the rules of the publish form (taskRuleIssues).
 */
export const taskUpdateRequest = z.strictObject(
  {
    title: text(100, { required: 'TASK_TITLE_REQUIRED' }).optional(),
    description: text(5000, { multiline: true, required: 'TASK_DESCRIPTION_REQUIRED' }).optional(),
    categoryId: z.string({ error: 'TASK_CATEGORY_REQUIRED' }).uuid({ error: 'TASK_CATEGORY_REQUIRED' }).optional(),
    /** null or '' clears it */
    productName: text(100).nullable().optional(),
    requirements: requirementsField.optional(),
    budgetMinCents: budget('The lowest budget').optional(),
    budgetMaxCents: budget('The highest budget (at least budgetMinCents)').optional(),
    maxApplicants: maxApplicantsField.optional(),
    slots: slotsField.optional(),
    liveDate: liveDateField,
    durationHours: durationField.optional(),
    location: locationField.optional(),
    isUrgent: z.boolean().optional(),
    requiresDeposit: z.boolean().optional(),
    depositAmountCents: amount('TASK_DEPOSIT_INVALID', 'TASK_DEPOSIT_OVER_BUDGET', 'The deposit the influencer pays (requiresDeposit); at most budgetMaxCents'),
    pricingModel: pricingModelField.optional(),
    commissionBps: commissionField,
  },
  { error: 'BAD_REQUEST' },
);
export type TaskUpdateRequest = z.infer<typeof taskUpdateRequest>;
/** GET/PATCH /api/tasks/{id}: the path's id (a missing or malformed one is 任务不存在, 404, like an unknown one) */
export const taskIdParams = z.object({
  id: z
    .string()
    .trim()
    .refine((v) => z.uuid().safeParse(v).success, { error: 'TASK_NOT_FOUND' }),
});

export const companyTask = taskCard.extend({
  pendingCount: z.number().int(),
  acceptedCount: z.number().int(),
});
export type CompanyTask = z.infer<typeof companyTask>;
export const companyTasksQuery = pageQuery(20, 100);
/** one page of the company's tasks, and how many it has in each status (all of them, for the counters) */
export const companyTasksResponse = listOf(companyTask).extend({
  counts: z.object({ open: z.number().int(), in_progress: z.number().int(), completed: z.number().int(), cancelled: z.number().int() }),
});
export type CompanyTasksResponse = z.infer<typeof companyTasksResponse>;

export const applyRequest = z.object({
  taskId: z.string().uuid(),
  proposedRateCents: centsIn(
    0,
    BUDGET_MAX_CENTS,
    { invalid: 'QUOTE_REQUIRED', tooLarge: 'NUMBER_TOO_LARGE' },
    'The influencer’s quote for the task (0 for a commission-only task)',
  ),
  message: optionalText(1000, { multiline: true }),
});
export type ApplyRequest = z.infer<typeof applyRequest>;

export const applicationForCompany = z.object({
  id: z.string().uuid(),
  taskId: z.string().uuid(),
  status: applicationStatus,
  proposedRateCents: centsOut('The influencer’s quote'),
  message: z.string().nullable(),
  appliedAt: z.string(),
  respondedAt: z.string().nullable(),
  /** the deal an accepted application started (null otherwise) */
  dealId: z.string().uuid().nullable(),
  /** true when it came from an accepted invitation (邀请) rather than an application */
  invited: z.boolean(),
  /** the agency that applied for the influencer (经 {agency} 代理, decision 0045); null: the influencer applied herself */
  viaAgency: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  influencer: z.object({
    id: z.string().uuid(),
    nickname: z.string(),
    avatarUrl: z.string().nullable(),
    followersCount: z.number().int(),
    rating: z.number(),
    isVerified: z.boolean(),
  }),
});
export const applicationForInfluencer = z.object({
  id: z.string().uuid(),
  taskId: z.string().uuid(),
  status: applicationStatus,
  proposedRateCents: centsOut('The influencer’s quote'),
  message: z.string().nullable(),
  appliedAt: z.string(),
  respondedAt: z.string().nullable(),
  task: z.object({
    id: z.string().uuid(),
    title: z.string(),
    status: z.enum(TASK_STATUSES),
    budgetMinCents: centsOut('The lowest budget'),
    budgetMaxCents: centsOut('The highest budget'),
    liveDate: z.string().nullable(),
    companyName: z.string(),
    /** 已招 currentApplicants / slots (decision 0025) */
    slots: z.number().int(),
    currentApplicants: z.number().int(),
  }),
});
export const applicationsQuery = pageQuery(50, 100).extend({
  taskId: z.string().uuid().optional(),
  influencerId: z.string().uuid().optional(),
});
export const taskApplicationsResponse = listOf(applicationForCompany);
export const myApplicationsResponse = listOf(applicationForInfluencer);

/** What deciding on an application answers: the application as it now is (decision 0054). */
export const decidedApplication = z.object({
  id: z.string().uuid(),
  taskId: z.string().uuid(),
  influencerId: z.string().uuid(),
  status: applicationStatus,
  proposedRateCents: centsOut('The influencer’s quote (0 for a commission-only task)'),
  respondedAt: z.string().nullable(),
});
export const applicationAnswer = z.object({ application: decidedApplication });
/** POST /api/task-applications/{id}/accept: the accepted application and the deal it started */
export const acceptApplicationResponse = z.object({
  application: decidedApplication,
  deal: z.object({ id: z.string().uuid(), status: z.enum(DEAL_STATES) }),
});
export type AcceptApplicationResponse = z.infer<typeof acceptApplicationResponse>;

/** POST /api/tasks: the published task as the hall lists it */
export const publishedTask = z.object({ task: taskCard });
/** POST /api/tasks/{id}/view: whether this view was counted (one per viewer per day) */
export const taskViewAnswer = z.object({ counted: z.boolean() });
/** GET /api/task-applications: a task's applications (?taskId=, its company) or an influencer's own */
export const applicationsResponse = z.union([taskApplicationsResponse, myApplicationsResponse]);
