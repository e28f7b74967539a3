import { z } from 'zod';
import { APPLICATION_STATUSES, TASK_STATUSES } from '../options';

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
  description: z.string().nullable(),
  icon: z.string(),
  sortOrder: z.number().int(),
  level: z.number().int(),
  parentId: z.string().uuid().nullable(),
});
export type TaskCategory = z.infer<typeof taskCategory>;
export const categoriesResponse = z.object({ categories: z.array(taskCategory) });

export const taskListQuery = z.object({
  search: z.string().trim().max(50).optional(),
  category: z.string().uuid().optional(),
  budget: z.enum(BUDGET_RANGES).optional(),
  sort: z.enum(TASK_SORTS).default('created_at'),
  status: z.enum([...TASK_STATUSES, 'all']).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(TASK_PAGE_SIZE),
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
  currentApplicants: z.number().int(),
  applicationsCount: z.number().int(),
  viewsCount: z.number().int(),
  createdAt: z.string(),
  company: z.object({ id: z.string().uuid(), companyName: z.string(), logoUrl: z.string().nullable(), isVerified: z.boolean() }),
  category: z.object({ id: z.string().uuid(), name: z.string(), icon: z.string(), description: z.string().nullable() }).nullable(),
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
  }),
});
export type TaskDetailResponse = z.infer<typeof taskDetailResponse>;
export const taskIdQuery = z.object({ id: z.string().trim().min(1, { error: 'TASK_ID_MISSING' }) });

const money = (code: 'TASK_BUDGET_REQUIRED') =>
  z.coerce.number({ error: code }).int({ error: 'TASK_BUDGET_INVALID' }).min(0, { error: 'TASK_BUDGET_INVALID' }).max(100_000_000);

/** The publish form (part 2 §2, §5). Requirements: one per line, blank lines dropped. */
export const taskCreateRequest = z
  .object({
    title: z.string({ error: 'TASK_TITLE_REQUIRED' }).trim().min(1, { error: 'TASK_TITLE_REQUIRED' }).max(100),
    description: z.string({ error: 'TASK_DESCRIPTION_REQUIRED' }).trim().min(1, { error: 'TASK_DESCRIPTION_REQUIRED' }).max(5000),
    categoryId: z.string({ error: 'TASK_CATEGORY_REQUIRED' }).uuid({ error: 'TASK_CATEGORY_REQUIRED' }),
    productName: z
      .string()
      .trim()
      .max(100)
      .optional()
      .nullable()
      .transform((v) => v || null),
    requirements: z
      .union([z.string(), z.array(z.string())])
      .default([])
      .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(z.string().max(200)).max(30)),
    budgetMin: money('TASK_BUDGET_REQUIRED'),
    budgetMax: money('TASK_BUDGET_REQUIRED'),
    maxApplicants: z.coerce
      .number({ error: 'TASK_MAX_APPLICANTS_INVALID' })
      .int({ error: 'TASK_MAX_APPLICANTS_INVALID' })
      .min(1, { error: 'TASK_MAX_APPLICANTS_INVALID' })
      .max(1000)
      .default(5),
    liveDate: z.iso.datetime({ offset: true }).optional().nullable(),
    durationHours: z.coerce.number().min(0.5).max(24).default(2),
    location: z.string().trim().max(100).default('线上').transform((v) => v || '线上'),
    isUrgent: z.boolean().default(false),
    isAdvancePaid: z.boolean().default(false),
    paidAmount: z.coerce.number().optional().nullable(),
    requiresDeposit: z.boolean().default(false),
    depositAmount: z.coerce.number().optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.budgetMax < v.budgetMin) ctx.addIssue({ code: 'custom', path: ['budgetMax'], message: 'TASK_BUDGET_RANGE' });
    if (v.isAdvancePaid && !(typeof v.paidAmount === 'number' && v.paidAmount > 0)) {
      ctx.addIssue({ code: 'custom', path: ['paidAmount'], message: 'TASK_PREPAYMENT_INVALID' });
    }
    if (v.requiresDeposit && !(typeof v.depositAmount === 'number' && v.depositAmount > 0)) {
      ctx.addIssue({ code: 'custom', path: ['depositAmount'], message: 'TASK_DEPOSIT_INVALID' });
    }
  });
export type TaskCreateRequest = z.infer<typeof taskCreateRequest>;
export type TaskCreateInput = z.input<typeof taskCreateRequest>;

export const companyTask = taskCard.extend({
  pendingCount: z.number().int(),
  acceptedCount: z.number().int(),
});
export type CompanyTask = z.infer<typeof companyTask>;
export const companyTasksResponse = z.object({ tasks: z.array(companyTask) });

export const applyRequest = z.object({
  taskId: z.string().uuid(),
  proposedRate: z.coerce.number({ error: 'QUOTE_REQUIRED' }).int({ error: 'QUOTE_REQUIRED' }).min(0, { error: 'QUOTE_REQUIRED' }),
  message: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .nullable()
    .transform((v) => v || null),
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
  }),
});
export const applicationsQuery = z.object({
  taskId: z.string().uuid().optional(),
  influencerId: z.string().uuid().optional(),
});
export const taskApplicationsResponse = z.object({ applications: z.array(applicationForCompany) });
export const myApplicationsResponse = z.object({ applications: z.array(applicationForInfluencer) });

export const notification = z.object({
  id: z.string().uuid(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export const notificationsResponse = z.object({ notifications: z.array(notification), unreadCount: z.number().int() });
