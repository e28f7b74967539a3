/** The admin console's 分类管理 and 任务管理 contracts (part 2 §2, §4, §5, §8). */
import { z } from 'zod';
import { TASK_STATUSES } from '../options';
import { listOf, pageQuery, pagination } from './common';
import { centsOut, int, optionalText, text } from './fields';

export const adminCategory = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  description: z.string().nullable(),
  icon: z.string(),
  sortOrder: z.number(),
  level: z.number(),
  parentId: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** tasks that use it (any status) */
  taskCount: z.number(),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoriesQuery = pageQuery(100, 100);
export const adminCategoriesResponse = listOf(adminCategory);
export type AdminCategoriesResponse = z.infer<typeof adminCategoriesResponse>;

/** The add/edit form: name required after trimming (分类名称不能为空), sort_order ≥ 0, level 1–3, icon default Tag. */
export const categoryInput = z.object({
  name: text(40, { required: 'CATEGORY_NAME_REQUIRED' }),
  nameEn: optionalText(60),
  description: optionalText(200, { multiline: true }),
  icon: text(30)
    .optional()
    .transform((v) => (v ? v : 'Tag')),
  sortOrder: int(0, 1_000_000, { invalid: 'SORT_ORDER_INVALID' }).default(0),
  level: int(1, 3, { invalid: 'CATEGORY_LEVEL_INVALID' }).default(1),
  parentId: z.string().uuid({ error: 'CATEGORY_PARENT_INVALID' }).nullable().optional(),
  isActive: z.boolean({ error: 'BAD_REQUEST' }).default(true),
});
export type CategoryInput = z.infer<typeof categoryInput>;
export type CategoryFormValues = z.input<typeof categoryInput>;

export const adminTaskListQuery = pagination.extend({
  status: z.enum(TASK_STATUSES).optional(),
  /** title, company name or task id */
  search: text(100).optional(),
});
export type AdminTaskListQuery = z.infer<typeof adminTaskListQuery>;

export const adminTaskRow = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  companyId: z.string(),
  companyName: z.string(),
  categoryName: z.string().nullable(),
  categoryNameEn: z.string().nullable(),
  selectedInfluencer: z.string().nullable(),
  applicationsCount: z.number(),
  budgetMinCents: centsOut('The lowest budget'),
  budgetMaxCents: centsOut('The highest budget'),
  liveDate: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminTaskRow = z.infer<typeof adminTaskRow>;
export const adminTasksResponse = listOf(adminTaskRow);
export type AdminTasksResponse = z.infer<typeof adminTasksResponse>;

export const adminTaskDetail = adminTaskRow.extend({
  description: z.string(),
  productName: z.string().nullable(),
  requirements: z.array(z.string()),
  location: z.string().nullable(),
  maxApplicants: z.number(),
  viewsCount: z.number(),
  applicants: z.array(
    z.object({
      id: z.string(),
      influencerId: z.string(),
      nickname: z.string(),
      proposedRateCents: centsOut('The influencer’s quote'),
      message: z.string().nullable(),
      status: z.string(),
      appliedAt: z.string(),
    }),
  ),
});
export type AdminTaskDetail = z.infer<typeof adminTaskDetail>;
