import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { client, data, type Schema } from '../../lib/client';
import { sessionIs } from '../auth/api';

/**
 * Conversations api. The unread count is part of the app shell (the header badge), so this module
 * stays light: types only from @shared.
 */
export const messageKeys = {
  all: ['messages'] as const,
  list: ['messages', 'list'] as const,
  unread: ['messages', 'unread'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
};

export type ConversationResponse = Schema<'ConversationResponse'>;
export type ConversationMessage = Schema<'ConversationMessage'>;

export const conversationsQuery = queryOptions({
  queryKey: messageKeys.list,
  queryFn: ({ signal }) => data(client.GET('/api/conversations', { signal })).then((r) => r.items),
});

// this module is part of the shell (the header's unread badge): the acting helpers (features/agencies) stay out of it
const onBehalfOf = (as: string | null) => (as ? { onBehalfOf: as } : {});

/** one conversation (`as`: a deal's conversation read by the agency acting for the influencer, decision 0045) */
export const conversationQuery = (id: string, as: string | null = null) =>
  queryOptions({
    queryKey: as ? [...messageKeys.conversation(id), as] : messageKeys.conversation(id),
    queryFn: ({ signal }) => data(client.GET('/api/conversations/{id}', { signal, params: { path: { id }, query: onBehalfOf(as) } })),
  });

/** The header badge of a signed-in user: live through the event stream, polled every 60 s as a fallback. */
export const unreadMessagesQuery = (userId: string) =>
  queryOptions({
    queryKey: [...messageKeys.unread, userId],
    queryFn: async ({ signal, client: qc }) => {
      // signing or signed out meanwhile (sign-out invalidates every query before the header changes): do not ask
      if (!sessionIs(qc, userId)) return 0;
      try {
        return (await data(client.GET('/api/conversations/unread', { signal }))).count;
      } catch (e) {
        if (isApiError(e) && (e.status === 401 || e.status === 403)) return 0;
        throw e;
      }
    },
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    // no retry (decision 0036): polled every 60 s and pushed by the event stream; the next poll is the retry
    retry: false,
  });

/** A conversation changed (a message, a read receipt): refresh what shows it. */
export function refreshConversation(qc: QueryClient, id?: string) {
  if (id) void qc.invalidateQueries({ queryKey: messageKeys.conversation(id) });
  void qc.invalidateQueries({ queryKey: messageKeys.list });
  void qc.invalidateQueries({ queryKey: messageKeys.unread });
}

/** `as`: the influencer an agency writes for in a deal's conversation (decision 0045) */
export function useSendMessage(conversationId: string, as: string | null = null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Schema<'SendMessageRequest'>) =>
      data(client.POST('/api/conversations/{id}/messages', { params: { path: { id: conversationId }, query: onBehalfOf(as) }, body })),
    onSuccess: () => refreshConversation(qc, conversationId),
  });
}
