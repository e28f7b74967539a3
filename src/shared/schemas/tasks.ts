import { z } from 'zod';
import { APPLICATION_STATUSES, INVITATION_STATUSES, ONLINE_LOCATION, TASK_STATUSES, storedLocation } from '../options';
import { decimal, int, isoDateTime, optionalText, queryInt, text } from './fields';
import { IDEMPOTENCY_KEY_HEADER } from '../headers';
import { PRICING_MODELS } from '../money';

export const BUDGET_RANGES = ['0-1000', '1000-5000', '5000-10000', '10000-50000', '50000+'] as const;
export type BudgetRange = (typeof BUDGET_RANGES)[number];
/** A task matches a range when min ≥ lower and max ≤ upper; 50000+ means min ≥ 50000 (part 2 §5). */
export const BUDGET_BOUNDS: Record<BudgetRange, { lower: number; upper: number | null }> = {
  '0-1000': { lower: 0, upper: 1000 },
  '1000-5000': { lower: 1000, upper: 5000 },
  '5000-10000': { lower: 5000, upper: 10000 },
  '10000-50000': { lower: 10000, upper: 50000 },
  '50000+': { lower: 50000, upper: null },
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
export const categoriesResponse = z.object({ categories: z.array(taskCategory) });

export const taskListQuery = z.object({
  search: text(50).optional(),
  category: z.string().uuid().optional(),
  budget: z.enum(BUDGET_RANGES).optional(),
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
  budgetMin: z.number(),
  budgetMax: z.number(),
  maxApplicants: z.number().int(),
  liveDate: z.string().nullable(),
  durationHours: z.number(),
  location: z.string(),
  status: z.enum(TASK_STATUSES),
  isUrgent: z.boolean(),
  isAdvancePaid: z.boolean(),
  paidAmount: z.number().nullable(),
  requiresDeposit: z.boolean(),
  depositAmount: z.number().nullable(),
  /** how the influencer is paid (decision 0022); commissionBps: basis points of the confirmed GMV */
  pricingModel: z.enum(PRICING_MODELS),
  commissionBps: z.number().int(),
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
export const taskListResponse = z.object({
  tasks: z.array(taskCard),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TaskListResponse = z.infer<typeof taskListResponse>;

export const applicationStatus = z.enum(APPLICATION_STATUSES);
export const myApplication = z.object({
  id: z.string().uuid(),
  status: applicationStatus,
  proposedRate: z.number().int(),
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
        offeredRate: z.number().int(),
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

/** budget_min / budget_max: whole dollars in int4 columns; the form caps them here. */
export const BUDGET_MAX = 100_000_000;
const budget = int(0, BUDGET_MAX, { invalid: 'TASK_BUDGET_REQUIRED', tooSmall: 'TASK_BUDGET_INVALID', tooLarge: 'TASK_BUDGET_TOO_LARGE' });
/**
 * paid_amount / deposit_amount: numeric(12,2) dollars with cents (the form's step is 0.01); never
 * more than budgetMax, which also keeps them inside the column.
 */
const amount = (invalid: 'TASK_PREPAYMENT_INVALID' | 'TASK_DEPOSIT_INVALID', tooLarge: 'TASK_PREPAYMENT_OVER_BUDGET' | 'TASK_DEPOSIT_OVER_BUDGET') =>
  decimal(0, BUDGET_MAX, 2, { invalid, tooLarge }).optional().nullable();

/** A live date lies between now and one year ahead; a few minutes of clock difference are allowed. */
export const LIVE_DATE_GRACE_MS = 5 * 60 * 1000;
export function liveDateInWindow(liveDate: Date, now: Date): boolean {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return liveDate.getTime() >= now.getTime() - LIVE_DATE_GRACE_MS && liveDate.getTime() <= latest.getTime();
}

/** The publish form (part 2 §2, §5). Requirements: one per line, blank lines dropped. */
export const taskCreateRequest = z
  .object({
    title: text(100, { required: 'TASK_TITLE_REQUIRED' }),
    description: text(5000, { multiline: true, required: 'TASK_DESCRIPTION_REQUIRED' }),
    categoryId: z.string({ error: 'TASK_CATEGORY_REQUIRED' }).uuid({ error: 'TASK_CATEGORY_REQUIRED' }),
    productName: optionalText(100),
    requirements: z
      .union([z.string(), z.array(z.string())], { error: 'BAD_REQUEST' })
      .default([])
      .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(text(200, { multiline: true })).max(30)),
    budgetMin: budget,
    budgetMax: budget,
    maxApplicants: int(1, 1000, { invalid: 'TASK_MAX_APPLICANTS_INVALID', tooLarge: 'NUMBER_TOO_LARGE' }).default(5),
    /** 招募人数: how many influencers the task recruits (1–50, at most maxApplicants) */
    slots: int(1, TASK_SLOTS_MAX, { invalid: 'TASK_SLOTS_INVALID', tooSmall: 'TASK_SLOTS_INVALID', tooLarge: 'TASK_SLOTS_INVALID' }).default(1),
    /** ISO date-time with offset; between now and one year ahead (liveDateInWindow, checked against the server clock) */
    liveDate: isoDateTime('TASK_LIVE_DATE_INVALID').optional().nullable(),
    /** duration_hours numeric(5,1) */
    durationHours: decimal(0.5, 24, 1, { invalid: 'TASK_DURATION_INVALID' }).default(2),
    location: text(100).default(ONLINE_LOCATION).transform(storedLocation),
    isUrgent: z.boolean().default(false),
    isAdvancePaid: z.boolean().default(false),
    paidAmount: amount('TASK_PREPAYMENT_INVALID', 'TASK_PREPAYMENT_OVER_BUDGET'),
    requiresDeposit: z.boolean().default(false),
    depositAmount: amount('TASK_DEPOSIT_INVALID', 'TASK_DEPOSIT_OVER_BUDGET'),
    /** fixed fee (the proposed rate), slot fee (坑位费) + commission, or commission only */
    pricingModel: z.enum(PRICING_MODELS, { error: 'BAD_REQUEST' }).default('fixed'),
    /** percent of the confirmed GMV, two decimals at most; required unless the fee is fixed */
    commissionPercent: decimal(0, 100, 2, { invalid: 'TASK_COMMISSION_INVALID', tooLarge: 'TASK_COMMISSION_INVALID' }).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.budgetMax < v.budgetMin) ctx.addIssue({ code: 'custom', path: ['budgetMax'], message: 'TASK_BUDGET_RANGE' });
    if (v.slots > v.maxApplicants) ctx.addIssue({ code: 'custom', path: ['slots'], message: 'TASK_SLOTS_OVER_APPLICANTS' });
    if (v.pricingModel !== 'fixed' && !(typeof v.commissionPercent === 'number' && v.commissionPercent > 0)) {
      ctx.addIssue({ code: 'custom', path: ['commissionPercent'], message: 'TASK_COMMISSION_INVALID' });
    }
    if (v.isAdvancePaid && !(typeof v.paidAmount === 'number' && v.paidAmount > 0)) {
      ctx.addIssue({ code: 'custom', path: ['paidAmount'], message: 'TASK_PREPAYMENT_INVALID' });
    } else if (v.isAdvancePaid && typeof v.paidAmount === 'number' && v.paidAmount > v.budgetMax) {
      ctx.addIssue({ code: 'custom', path: ['paidAmount'], message: 'TASK_PREPAYMENT_OVER_BUDGET' });
    }
    if (v.requiresDeposit && !(typeof v.depositAmount === 'number' && v.depositAmount > 0)) {
      ctx.addIssue({ code: 'custom', path: ['depositAmount'], message: 'TASK_DEPOSIT_INVALID' });
    } else if (v.requiresDeposit && typeof v.depositAmount === 'number' && v.depositAmount > v.budgetMax) {
      ctx.addIssue({ code: 'custom', path: ['depositAmount'], message: 'TASK_DEPOSIT_OVER_BUDGET' });
    }
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

export const companyTask = taskCard.extend({
  pendingCount: z.number().int(),
  acceptedCount: z.number().int(),
});
export type CompanyTask = z.infer<typeof companyTask>;
export const companyTasksResponse = z.object({ tasks: z.array(companyTask) });

export const applyRequest = z.object({
  taskId: z.string().uuid(),
  proposedRate: int(0, BUDGET_MAX, { invalid: 'QUOTE_REQUIRED', tooLarge: 'NUMBER_TOO_LARGE' }),
  message: optionalText(1000, { multiline: true }),
});
export type ApplyRequest = z.infer<typeof applyRequest>;

export const applicationForCompany = z.object({
  id: z.string().uuid(),
  taskId: z.string().uuid(),
  status: applicationStatus,
  proposedRate: z.number().int(),
  message: z.string().nullable(),
  appliedAt: z.string(),
  respondedAt: z.string().nullable(),
  /** the deal an accepted application started (null otherwise) */
  dealId: z.string().uuid().nullable(),
  /** true when it came from an accepted invitation (邀请) rather than an application */
  invited: z.boolean(),
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
  proposedRate: z.number().int(),
  message: z.string().nullable(),
  appliedAt: z.string(),
  respondedAt: z.string().nullable(),
  task: z.object({
    id: z.string().uuid(),
    title: z.string(),
    status: z.enum(TASK_STATUSES),
    budgetMin: z.number(),
    budgetMax: z.number(),
    liveDate: z.string().nullable(),
    companyName: z.string(),
    /** 已招 currentApplicants / slots (decision 0025) */
    slots: z.number().int(),
    currentApplicants: z.number().int(),
  }),
});
export const applicationsQuery = z.object({
  taskId: z.string().uuid().optional(),
  influencerId: z.string().uuid().optional(),
});
export const taskApplicationsResponse = z.object({ applications: z.array(applicationForCompany) });
export const myApplicationsResponse = z.object({ applications: z.array(applicationForInfluencer) });
