import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLoginRequest, AdminUsersQuery, AuditQuery } from '@shared/schemas/admin';
import type { AdminPermission } from '@shared/options';
import type { AdminTaskListQuery, CategoryFormValues } from '@shared/schemas/adminTasks';
import type { AdminVideoQuery, ContactListQuery, VideoFormValues } from '@shared/schemas/adminContent';
import { client, clientOf, data, type Schema } from '../../lib/client';
import { compactQuery } from '../../lib/queryParams';
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

export const adminMeQuery = queryOptions({
  queryKey: adminKeys.me,
  queryFn: ({ signal }) => data(client.GET('/api/admin/me', { signal })),
  staleTime: 30_000,
});

export const overviewQuery = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: ({ signal }) => data(client.GET('/api/admin/overview', { signal })),
});

export const usersQuery = (q: Partial<AdminUsersQuery>) =>
  queryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal }) => data(client.GET('/api/admin/users', { params: { query: compactQuery(q) }, signal })),
    placeholderData: keepPreviousData,
  });

export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => data(client.GET('/api/admin/users/{id}', { params: { path: { id } }, signal })),
  });

/** 用户管理 → an account's webhook endpoints (decision 0042) */
export const userWebhookEndpointsQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.user(id), 'webhook-endpoints'] as const,
    queryFn: ({ signal }) => data(client.GET('/api/admin/users/{id}/webhook-endpoints', { params: { path: { id } }, signal })),
  });

/** 用户管理 → an account's API keys (decision 0038) */
export const userApiKeysQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.user(id), 'api-keys'] as const,
    queryFn: ({ signal }) => data(client.GET('/api/admin/users/{id}/api-keys', { params: { path: { id } }, signal })),
  });

export const auditQuery = (q: Partial<AuditQuery>) =>
  queryOptions({
    queryKey: adminKeys.audit(q),
    queryFn: ({ signal }) => data(client.GET('/api/admin/audit', { params: { query: compactQuery(q) }, signal })),
    placeholderData: keepPreviousData,
  });

export const adminsQuery = queryOptions({
  queryKey: adminKeys.admins,
  queryFn: ({ signal }) => data(client.GET('/api/admin/admins', { signal })),
});

/** public (whether an admin exists yet): read by /admin-login's first render, on the server too (clientOf) */
export const setupStatusQuery = queryOptions({
  queryKey: adminKeys.setup,
  queryFn: ({ signal, client: cache }) => data(clientOf(cache).GET('/api/admin/setup/status', { signal })),
});

export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: adminKeys.invite(token),
    queryFn: () => data(client.POST('/api/admin/invites/inspect', { body: { token } })),
  });

/** after a sign-in of any kind: the session changed, every cached answer may differ */
function useSignedIn() {
  const qc = useQueryClient();
  return (res: Schema<'MeResponse'>) => {
    qc.setQueryData(meQueryKey, res.user);
    // (the public setup state and the invitation that was just used are not asked again)
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] && q.queryKey[0] !== 'admin-public' });
  };
}

export function useAdminLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: ({ body, signal }: { body: AdminLoginRequest; signal?: AbortSignal }) => data(client.POST('/api/admin/login', { body, signal })),
    onSuccess: signedIn,
  });
}

export function useFirstAdmin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { token: string; email: string; password: string; confirmPassword: string }) => data(client.POST('/api/admin/setup', { body })),
    onSuccess: signedIn,
  });
}

export function useAcceptInvite() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { token: string; password: string; confirmPassword: string }) => data(client.POST('/api/admin/invites/accept', { body })),
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
  removeDemoData: () => data(client.POST('/api/admin/demo-data/remove')),
  approve: (id: string) => data(client.POST('/api/admin/users/{id}/approve', { params: { path: { id } } })),
  reject: ({ id, reason }: { id: string; reason: string }) => data(client.POST('/api/admin/users/{id}/reject', { params: { path: { id } }, body: { reason } })),
  suspend: ({ id, reason }: { id: string; reason: string }) =>
    data(client.POST('/api/admin/users/{id}/suspend', { params: { path: { id } }, body: { reason } })),
  revokeApiKey: (id: string) => data(client.POST('/api/admin/api-keys/{id}/revoke', { params: { path: { id } } })),
  disableWebhookEndpoint: (id: string) => data(client.POST('/api/admin/webhook-endpoints/{id}/disable', { params: { path: { id } } })),
  reinstate: (id: string) => data(client.POST('/api/admin/users/{id}/reinstate', { params: { path: { id } } })),
  deletion: ({ id, action }: { id: string; action: 'execute' | 'decline' }) =>
    data(client.POST('/api/admin/users/{id}/deletion', { params: { path: { id } }, body: { action } })),
  invite: (body: { email: string; permissions: AdminPermission[] }) => data(client.POST('/api/admin/invites', { body })),
  revokeInvite: (id: string) => data(client.DELETE('/api/admin/invites/{id}', { params: { path: { id } } })),
  setPermissions: ({ id, permissions }: { id: string; permissions: AdminPermission[] }) =>
    data(client.PUT('/api/admin/admins/{id}/permissions', { params: { path: { id } }, body: { permissions } })),
  removeAdmin: (id: string) => data(client.DELETE('/api/admin/admins/{id}', { params: { path: { id } } })),
  createCategory: (body: CategoryFormValues) => data(client.POST('/api/admin/categories', { body })),
  updateCategory: ({ id, body }: { id: string; body: CategoryFormValues }) =>
    data(client.PUT('/api/admin/categories/{id}', { params: { path: { id } }, body })),
  deleteCategory: (id: string) => data(client.DELETE('/api/admin/categories/{id}', { params: { path: { id } } })),
  deleteTask: (id: string) => data(client.DELETE('/api/admin/tasks/{id}', { params: { path: { id } } })),
  createVideo: (body: VideoFormValues) => data(client.POST('/api/admin/videos', { body })),
  updateVideo: ({ id, body }: { id: string; body: VideoFormValues }) => data(client.PUT('/api/admin/videos/{id}', { params: { path: { id } }, body })),
  toggleVideo: ({ id, field, value }: { id: string; field: 'isActive' | 'isFeatured'; value: boolean }) =>
    data(client.PATCH('/api/admin/videos/{id}/toggle', { params: { path: { id } }, body: { field, value } })),
  deleteVideo: (id: string) => data(client.DELETE('/api/admin/videos/{id}', { params: { path: { id } } })),
  replyContact: ({ id, message }: { id: string; message: string }) =>
    data(client.POST('/api/admin/contact-messages/{id}/reply', { params: { path: { id } }, body: { message } })),
  closeContact: (id: string) => data(client.POST('/api/admin/contact-messages/{id}/close', { params: { path: { id } } })),
};

export const adminVideosQuery = (q: Partial<AdminVideoQuery>) =>
  queryOptions({
    queryKey: ['admin', 'videos', q] as const,
    queryFn: ({ signal }) => data(client.GET('/api/admin/videos', { params: { query: compactQuery(q) }, signal })),
    placeholderData: keepPreviousData,
  });
export const videoCategoriesQuery = queryOptions({
  queryKey: ['admin', 'video-categories'] as const,
  queryFn: ({ signal }) => data(client.GET('/api/admin/video-categories', { signal })),
});
export const influencerPickerQuery = queryOptions({
  queryKey: ['admin', 'influencer-picker'] as const,
  queryFn: ({ signal }) => data(client.GET('/api/admin/influencer-picker', { signal })),
});
export const contactMessagesQuery = (q: Partial<ContactListQuery>) =>
  queryOptions({
    queryKey: ['admin', 'contact', q] as const,
    queryFn: ({ signal }) => data(client.GET('/api/admin/contact-messages', { params: { query: compactQuery(q) }, signal })),
    placeholderData: keepPreviousData,
  });

/** 纠纷处理: GET /api/admin/disputes */
export const adminDisputesQuery = (q: { status: 'open' | 'closed'; page: number; limit: number }) =>
  queryOptions({
    queryKey: ['admin', 'disputes', q] as const,
    queryFn: ({ signal }) => data(client.GET('/api/admin/disputes', { params: { query: compactQuery(q) }, signal })),
    placeholderData: keepPreviousData,
  });

export const adminCategoriesQuery = queryOptions({
  queryKey: ['admin', 'categories'] as const,
  queryFn: ({ signal }) => data(client.GET('/api/admin/categories', { signal })),
});

export const adminTasksQuery = (q: Partial<AdminTaskListQuery>) =>
  queryOptions({
    queryKey: ['admin', 'tasks', q] as const,
    queryFn: ({ signal }) => data(client.GET('/api/admin/tasks', { params: { query: compactQuery(q) }, signal })),
    placeholderData: keepPreviousData,
  });

export const adminTaskQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'task', id] as const,
    queryFn: ({ signal }) => data(client.GET('/api/admin/tasks/{id}', { params: { path: { id } }, signal })),
  });
