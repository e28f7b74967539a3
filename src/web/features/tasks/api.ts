import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyRequest, BudgetRange, TaskCreateRequest, TaskSort } from '@shared/schemas/tasks';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/headers';
import { client, clientOf, data, type Schema } from '../../lib/client';
import { compactQuery } from '../../lib/queryParams';
import { onBehalfOf, useActingFor } from '../agencies/actingFor';

export type ApplicationForCompany = Schema<'ApplicationForCompany'>;
export type ApplicationForInfluencer = Schema<'ApplicationForInfluencer'>;

/**
 * GET /api/task-applications is one operation with two answers: ?taskId= lists a task's applicants (the
 * owning company), no query the influencer's own applications. The document cannot tie the answer to the
 * query, so each list keeps the items of its own shape.
 */
type ApplicationsAnswer = Schema<'TaskApplicationsResponse'> | Schema<'MyApplicationsResponse'>;
const applicants = (r: ApplicationsAnswer) => {
  const list: (ApplicationForCompany | ApplicationForInfluencer)[] = r.items;
  return list.filter((a): a is ApplicationForCompany => 'influencer' in a);
};
const ownApplications = (r: ApplicationsAnswer) => {
  const list: (ApplicationForCompany | ApplicationForInfluencer)[] = r.items;
  return list.filter((a): a is ApplicationForInfluencer => 'task' in a);
};

/** The hall's filters as kept in the URL (empty values are left out of the request). */
export type HallFilters = {
  search: string;
  category: string;
  budget: BudgetRange | '';
  sort: TaskSort;
  page: number;
};

export const taskKeys = {
  all: ['tasks'] as const,
  categories: ['tasks', 'categories'] as const,
  hall: (f: HallFilters) => ['tasks', 'hall', f] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
  applications: (taskId: string) => ['tasks', 'applications', taskId] as const,
  /** the owner's 邀请 of a task (invitationsApi.ts): a decision or a cancellation may close them */
  invitations: (taskId: string) => ['tasks', 'invitations', taskId] as const,
  companyTasks: ['tasks', 'mine', 'company'] as const,
  myApplications: ['tasks', 'mine', 'influencer'] as const,
};

/** GET /api/categories — active task categories in sort order. */
export const categoriesQuery = queryOptions({
  queryKey: taskKeys.categories,
  queryFn: ({ signal, client: cache }) => data(clientOf(cache).GET('/api/categories', { signal })).then((r) => r.items),
  staleTime: 5 * 60_000,
});

/** GET /api/tasks — one page of the hall (the server filters, sorts and paginates). */
export const hallQuery = (f: HallFilters) =>
  queryOptions({
    queryKey: taskKeys.hall(f),
    queryFn: ({ signal, client: cache }) =>
      data(
        clientOf(cache).GET('/api/tasks', {
          signal,
          params: {
            query: compactQuery({
              search: f.search,
              category: f.category,
              budgetCents: f.budget || undefined,
              // like the original, the default sort is not sent
              sort: f.sort === 'created_at' ? undefined : f.sort,
              page: f.page > 1 ? f.page : undefined,
            }),
          },
        }),
      ),
    // keeps the pagination (total) steady while the next page loads; the grid shows skeletons
    placeholderData: keepPreviousData,
  });

/** GET /api/tasks/{id} — the task and what the viewer may do (an agency acting for a roster influencer: what they may do). */
export const taskDetailQuery = (id: string, as: string | null = null) =>
  queryOptions({
    queryKey: as ? [...taskKeys.detail(id), as] : taskKeys.detail(id),
    queryFn: ({ signal, client: cache }) => data(clientOf(cache).GET('/api/tasks/{id}', { signal, params: { path: { id }, query: onBehalfOf(as) } })),
    staleTime: 10_000,
  });

/** GET /api/task-applications?taskId= — applicants of a task (owning company only). */
export const taskApplicationsQuery = (taskId: string) =>
  queryOptions({
    queryKey: taskKeys.applications(taskId),
    queryFn: ({ signal, client: cache }) =>
      data(clientOf(cache).GET('/api/task-applications', { signal, params: { query: compactQuery({ taskId }) } })).then(applicants),
    staleTime: 5_000,
  });

/** tasks per page of 我的任务 */
export const COMPANY_TASKS_PAGE = 20;
/** GET /api/my/tasks — one page of the company's tasks (newest first) with applicant counts, and its counts by status. */
export const companyTasksQuery = (page = 1, limit = COMPANY_TASKS_PAGE) =>
  queryOptions({
    queryKey: [...taskKeys.companyTasks, page, limit],
    queryFn: ({ signal, client: cache }) =>
      data(
        clientOf(cache).GET('/api/my/tasks', {
          signal,
          // the defaults are not sent (the first page of 我的任务 is /api/my/tasks, as before)
          params: { query: compactQuery({ page: page > 1 ? page : undefined, limit: limit === COMPANY_TASKS_PAGE ? undefined : limit }) },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** GET /api/task-applications — the influencer's own applications (or, for an agency acting for them, theirs). */
export const myApplicationsQuery = (as: string | null = null) =>
  queryOptions({
    queryKey: as ? [...taskKeys.myApplications, as] : taskKeys.myApplications,
    queryFn: ({ signal, client: cache }) =>
      data(clientOf(cache).GET('/api/task-applications', { signal, params: { query: onBehalfOf(as) } })).then(ownApplications),
    staleTime: 5_000,
  });

/** POST /api/tasks/:id/view — counts the visit (the server dedupes per visitor). */
export const recordTaskView = (id: string) => data(client.POST('/api/tasks/{id}/view', { params: { path: { id } } }));

/** A fresh Idempotency-Key: one per publish attempt of one form content (a repeat gets the same task back). */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TaskCreateRequest; idempotencyKey: string }) =>
      data(client.POST('/api/tasks', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

/** Apply for a task: the influencer, or the agency acting for them on this page. */
export function useApply() {
  const qc = useQueryClient();
  const as = useActingFor();
  return useMutation({
    mutationFn: (body: ApplyRequest) => data(client.POST('/api/task-applications', { body, params: { query: onBehalfOf(as) } })),
    onSettled: (_d, _e, body) =>
      Promise.all([qc.invalidateQueries({ queryKey: taskKeys.detail(body.taskId) }), qc.invalidateQueries({ queryKey: taskKeys.myApplications })]),
  });
}

type Decision = { applicationId: string; taskId: string; action: 'accept' | 'refuse' };

/** Accept / refuse a pending application (owning company). */
export function useDecideApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, action }: Decision) =>
      data(
        client.POST(action === 'accept' ? '/api/task-applications/{id}/accept' : '/api/task-applications/{id}/refuse', {
          params: { path: { id: applicationId } },
        }),
      ),
    onSettled: (_d, _e, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: taskKeys.applications(v.taskId) }),
        qc.invalidateQueries({ queryKey: taskKeys.detail(v.taskId) }),
        qc.invalidateQueries({ queryKey: taskKeys.companyTasks }),
        qc.invalidateQueries({ queryKey: taskKeys.invitations(v.taskId) }),
        qc.invalidateQueries({ queryKey: ['tasks', 'hall'] }),
      ]),
  });
}

/** Cancel (open / in progress) or complete (in progress) a task (owning company). */
export function useTaskStatusChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, action }: { taskId: string; action: 'cancel' | 'complete' }) =>
      data(client.POST(action === 'cancel' ? '/api/tasks/{id}/cancel' : '/api/tasks/{id}/complete', { params: { path: { id: taskId } } })),
    // on failure too: the list is reloaded (part 2 §8: 更新任务状态失败，请重试 also reloads)
    onSettled: (_d, _e, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: taskKeys.companyTasks }),
        qc.invalidateQueries({ queryKey: taskKeys.detail(v.taskId) }),
        qc.invalidateQueries({ queryKey: taskKeys.applications(v.taskId) }),
        qc.invalidateQueries({ queryKey: taskKeys.invitations(v.taskId) }),
        qc.invalidateQueries({ queryKey: ['tasks', 'hall'] }),
      ]),
  });
}

export function useWithdrawApplication() {
  const qc = useQueryClient();
  const as = useActingFor();
  return useMutation({
    mutationFn: ({ applicationId }: { applicationId: string; taskId: string }) =>
      data(client.POST('/api/task-applications/{id}/withdraw', { params: { path: { id: applicationId }, query: onBehalfOf(as) } })),
    onSettled: (_d, _e, v) =>
      Promise.all([qc.invalidateQueries({ queryKey: taskKeys.myApplications }), qc.invalidateQueries({ queryKey: taskKeys.detail(v.taskId) })]),
  });
}
