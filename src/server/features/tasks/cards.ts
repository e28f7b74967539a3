/** The task card: the row the hall, the task page and my-tasks send, and the query that reads it. */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVITATION_STATUSES, TASK_STATUSES, type InvitationStatus, type TaskStatus } from '../../../shared/options';
import { type TaskCard } from '../../../shared/schemas/tasks';
import { type DbOrTx } from '../../db/client';
import { companies, influencers, taskApplications, taskCategories, tasks } from '../../db/schema';
import { PRICING_MODELS } from '../../../shared/money';

export const selected = alias(influencers, 'selected_influencer');
const applicationsCount = sql<number>`(select count(*)::int from ${taskApplications} a where a.task_id = ${tasks.id} and a.status <> 'withdrawn')`;

// every column but search_text (the hall's copy of title, product and description: sending it
// back would roughly double the bytes of each card row)
const { searchText: _searchText, ...taskColumns } = getTableColumns(tasks);

export const cardColumns = {
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
export type CardRow = {
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

export const asStatus = (s: string): TaskStatus => TASK_STATUSES.find((x) => x === s) ?? 'open';
export const asInvitationStatus = (s: string): InvitationStatus => INVITATION_STATUSES.find((x) => x === s) ?? 'closed';

export function toCard(r: CardRow): TaskCard {
  const t = r.t;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    productName: t.productName,
    requirements: t.requirements,
    budgetMinCents: t.budgetMinCents,
    budgetMaxCents: t.budgetMaxCents,
    maxApplicants: t.maxApplicants,
    liveDate: t.liveDate?.toISOString() ?? null,
    durationHours: Number(t.durationHours),
    location: t.location,
    status: asStatus(t.status),
    isUrgent: t.isUrgent,
    isAdvancePaid: t.isAdvancePaid,
    paidAmountCents: t.paidAmountCents === null ? null : Number(t.paidAmountCents),
    requiresDeposit: t.requiresDeposit,
    depositAmountCents: t.depositAmountCents === null ? null : Number(t.depositAmountCents),
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

export const cardQuery = (db: DbOrTx) =>
  db
    .select(cardColumns)
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .leftJoin(taskCategories, eq(taskCategories.id, tasks.categoryId))
    .leftJoin(selected, eq(selected.id, tasks.selectedInfluencerId));

export const p = (name: string) => sql.placeholder(name);

export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
