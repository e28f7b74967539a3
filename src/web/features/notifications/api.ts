import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { client, data, type Schema } from '../../lib/client';
import { sessionIs } from '../auth/api';

/**
 * Notification api. Part of the app shell (the header bell polls the unread count), so it stays
 * light: types only from @shared, no zod, no antd.
 */
import { local } from '../../lib/storage';

export type AppNotification = Schema<'Notification'>;
export type NotificationsResponse = Schema<'NotificationsResponse'>;

const EMPTY: NotificationsResponse = { items: [], total: 0, page: 1, limit: 50, unreadCount: 0 };
export const POLL_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => ['notifications', userId] as const,
};

/** GET /api/notifications — the first page (newest 50) and the unread count; polled every 60 s and on window focus. */
export const notificationsQuery = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: async ({ signal, client: qc }): Promise<NotificationsResponse> => {
      // signing or signed out meanwhile (sign-out invalidates every query before the bell unmounts): do not ask
      if (!sessionIs(qc, userId)) return EMPTY;
      try {
        return await data(client.GET('/api/notifications', { signal }));
      } catch (e) {
        if (isApiError(e) && e.status === 401) return EMPTY;
        throw e;
      }
    },
    staleTime: 30_000,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // no retry (decision 0036): polled and pushed by the event stream; the next poll is the retry
    retry: false,
  });

function markLocally(data: NotificationsResponse | undefined, id?: string): NotificationsResponse | undefined {
  if (!data) return data;
  const now = new Date().toISOString();
  let unread = data.unreadCount;
  const items = data.items.map((n) => {
    if (n.readAt || (id && n.id !== id)) return n;
    unread -= 1;
    return { ...n, readAt: now };
  });
  return { ...data, items, unreadCount: id ? Math.max(0, unread) : 0 };
}

/** Marks one notification (id) or all of them read; the cache updates at once and is refreshed afterwards. */
export function useMarkRead(userId: string) {
  const qc = useQueryClient();
  const key = notificationKeys.list(userId);
  return useMutation({
    mutationFn: async (id?: string): Promise<{ unreadCount: number }> =>
      id ? data(client.POST('/api/notifications/{id}/read', { params: { path: { id } } })) : data(client.POST('/api/notifications/read-all')),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<NotificationsResponse>(key);
      qc.setQueryData<NotificationsResponse>(key, (d) => markLocally(d, id));
      return { before };
    },
    onError: (_e, _id, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Tells the server which language to write this user's notifications and mail in, when it differs
 * from the last one sent from this browser (so a page load does not call it every time).
 */
export async function syncNotificationLocale(userId: string, locale: 'zh-CN' | 'en') {
  const key = `notif-locale.${userId}`;
  if (local.get<string>(key) === locale) return;
  try {
    await data(client.PUT('/api/notifications/locale', { body: { locale } }));
    local.set(key, locale);
  } catch {
    // not important enough to bother the reader: the next page load tries again
  }
}
