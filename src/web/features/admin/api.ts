import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@shared/schemas/auth';
import type {
  AdminLoginRequest,
  AdminMe,
  AdminsResponse,
  AdminUserDetail,
  AdminUsersQuery,
  AdminUsersResponse,
  AuditQuery,
  AuditResponse,
  DemoRemovalResponse,
  OverviewResponse,
} from '@shared/schemas/admin';
import type { AdminPermission } from '@shared/options';
import type { AdminDisputesResponse } from '@shared/schemas/deals';
import type {
  AdminCategoriesResponse,
  AdminCategory,
  AdminTaskDetail,
  AdminTaskListQuery,
  AdminTasksResponse,
  CategoryFormValues,
} from '@shared/schemas/adminTasks';
import type {
  AdminContactMessage,
  AdminContactResponse,
  AdminVideo,
  AdminVideoQuery,
  AdminVideosResponse,
  ContactListQuery,
  InfluencerPicker,
  VideoCategoryList,
  VideoFormValues,
} from '@shared/schemas/adminContent';
import { api, isApiError } from '../../lib/api';
import { meQueryKey } from '../auth/api';

export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  overview: ['admin', 'overview'] as const,
  users: (q: Partial<AdminUsersQuery>) => ['admin', 'users', q] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  audit: (q: Partial<AuditQuery>) => ['admin', 'audit', q] as const,
  admins: ['admin', 'admins'] as const,
  setup: ['admin-public', 'setup'] as const,
  invite: (token: string) => ['admin-public', 'invite', token] as const,
};

/** a 4xx answer will not change on retry */
const retryServerErrors = (n: number, e: unknown) => n < 1 && !(isApiError(e) && e.status >= 400 && e.status < 500);

export const adminMeQuery = queryOptions({
  queryKey: adminKeys.me,
  queryFn: ({ signal }) => api.get<AdminMe>('/api/admin/me', { signal }),
  retry: retryServerErrors,
  staleTime: 30_000,
});

export const overviewQuery = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: ({ signal }) => api.get<OverviewResponse>('/api/admin/overview', { signal }),
  retry: retryServerErrors,
});

export const usersQuery = (q: Partial<AdminUsersQuery>) =>
  queryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal }) => api.get<AdminUsersResponse>('/api/admin/users', { signal, query: q }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });

export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => api.get<AdminUserDetail>(`/api/admin/users/${id}`, { signal }),
    retry: retryServerErrors,
  });

export const auditQuery = (q: Partial<AuditQuery>) =>
  queryOptions({
    queryKey: adminKeys.audit(q),
    queryFn: ({ signal }) => api.get<AuditResponse>('/api/admin/audit', { signal, query: q }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });

export const adminsQuery = queryOptions({
  queryKey: adminKeys.admins,
  queryFn: ({ signal }) => api.get<AdminsResponse>('/api/admin/admins', { signal }),
  retry: retryServerErrors,
});

export const setupStatusQuery = queryOptions({
  queryKey: adminKeys.setup,
  queryFn: ({ signal }) => api.get<{ hasAdmin: boolean }>('/api/admin/setup/status', { signal }),
});

export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: adminKeys.invite(token),
    queryFn: () => api.post<{ email: string; permissions: AdminPermission[]; expiresAt: string }>('/api/admin/invites/inspect', { token }),
    retry: false,
  });

/** after a sign-in of any kind: the session changed, every cached answer may differ */
function useSignedIn() {
  const qc = useQueryClient();
  return (res: MeResponse) => {
    qc.setQueryData(meQueryKey, res.user);
    // (the public setup state and the invitation that was just used are not asked again)
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] && q.queryKey[0] !== 'admin-public' });
  };
}

export function useAdminLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: ({ body, signal }: { body: AdminLoginRequest; signal?: AbortSignal }) => api.post<MeResponse>('/api/admin/login', body, { signal }),
    onSuccess: signedIn,
  });
}

export function useFirstAdmin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { token: string; email: string; password: string; confirmPassword: string }) => api.post<MeResponse>('/api/admin/setup', body),
    onSuccess: signedIn,
  });
}

export function useAcceptInvite() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { token: string; password: string; confirmPassword: string }) => api.post<MeResponse>('/api/admin/invites/accept', body),
    onSuccess: signedIn,
  });
}

/** Any admin write: refreshes every admin view afterwards (lists, detail, overview, audit log). */
export function useAdminAction<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const adminCalls = {
  /** 概览's banner: the demo data goes in one transaction (decision 0032) */
  removeDemoData: () => api.post<DemoRemovalResponse>('/api/admin/demo-data/remove'),
  approve: (id: string) => api.post(`/api/admin/users/${id}/approve`),
  reject: ({ id, reason }: { id: string; reason: string }) => api.post(`/api/admin/users/${id}/reject`, { reason }),
  suspend: ({ id, reason }: { id: string; reason: string }) => api.post(`/api/admin/users/${id}/suspend`, { reason }),
  reinstate: (id: string) => api.post(`/api/admin/users/${id}/reinstate`),
  deletion: ({ id, action }: { id: string; action: 'execute' | 'decline' }) => api.post(`/api/admin/users/${id}/deletion`, { action }),
  invite: (body: { email: string; permissions: AdminPermission[] }) => api.post<{ id: string }>('/api/admin/invites', body),
  revokeInvite: (id: string) => api.delete(`/api/admin/invites/${id}`),
  setPermissions: ({ id, permissions }: { id: string; permissions: AdminPermission[] }) =>
    api.put(`/api/admin/admins/${id}/permissions`, { permissions }),
  removeAdmin: (id: string) => api.delete(`/api/admin/admins/${id}`),
  createCategory: (body: CategoryFormValues) => api.post<AdminCategory>('/api/admin/categories', body),
  updateCategory: ({ id, body }: { id: string; body: CategoryFormValues }) => api.put<AdminCategory>(`/api/admin/categories/${id}`, body),
  deleteCategory: (id: string) => api.delete(`/api/admin/categories/${id}`),
  deleteTask: (id: string) => api.delete(`/api/admin/tasks/${id}`),
  createVideo: (body: VideoFormValues) => api.post<AdminVideo>('/api/admin/videos', body),
  updateVideo: ({ id, body }: { id: string; body: VideoFormValues }) => api.put<AdminVideo>(`/api/admin/videos/${id}`, body),
  toggleVideo: ({ id, field, value }: { id: string; field: 'isActive' | 'isFeatured'; value: boolean }) =>
    api.patch(`/api/admin/videos/${id}/toggle`, { field, value }),
  deleteVideo: (id: string) => api.delete(`/api/admin/videos/${id}`),
  replyContact: ({ id, message }: { id: string; message: string }) => api.post<AdminContactMessage>(`/api/admin/contact-messages/${id}/reply`, { message }),
  closeContact: (id: string) => api.post<AdminContactMessage>(`/api/admin/contact-messages/${id}/close`),
};

export const adminVideosQuery = (q: Partial<AdminVideoQuery>) =>
  queryOptions({
    queryKey: ['admin', 'videos', q] as const,
    queryFn: ({ signal }) => api.get<AdminVideosResponse>('/api/admin/videos', { signal, query: q }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
export const videoCategoriesQuery = queryOptions({
  queryKey: ['admin', 'video-categories'] as const,
  queryFn: ({ signal }) => api.get<VideoCategoryList>('/api/admin/video-categories', { signal }),
  retry: retryServerErrors,
});
export const influencerPickerQuery = queryOptions({
  queryKey: ['admin', 'influencer-picker'] as const,
  queryFn: ({ signal }) => api.get<InfluencerPicker>('/api/admin/influencer-picker', { signal }),
  retry: retryServerErrors,
});
export const contactMessagesQuery = (q: Partial<ContactListQuery>) =>
  queryOptions({
    queryKey: ['admin', 'contact', q] as const,
    queryFn: ({ signal }) => api.get<AdminContactResponse>('/api/admin/contact-messages', { signal, query: q }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });

/** 纠纷处理: GET /api/admin/disputes */
export const adminDisputesQuery = (q: { status: 'open' | 'closed'; page: number; limit: number }) =>
  queryOptions({
    queryKey: ['admin', 'disputes', q] as const,
    queryFn: ({ signal }) => api.get<AdminDisputesResponse>('/api/admin/disputes', { signal, query: q }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });

export const adminCategoriesQuery = queryOptions({
  queryKey: ['admin', 'categories'] as const,
  queryFn: ({ signal }) => api.get<AdminCategoriesResponse>('/api/admin/categories', { signal }),
  retry: retryServerErrors,
});

export const adminTasksQuery = (q: Partial<AdminTaskListQuery>) =>
  queryOptions({
    queryKey: ['admin', 'tasks', q] as const,
    queryFn: ({ signal }) => api.get<AdminTasksResponse>('/api/admin/tasks', { signal, query: q }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });

export const adminTaskQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'task', id] as const,
    queryFn: ({ signal }) => api.get<AdminTaskDetail>(`/api/admin/tasks/${id}`, { signal }),
    retry: retryServerErrors,
  });
