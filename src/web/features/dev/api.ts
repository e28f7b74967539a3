import { queryOptions } from '@tanstack/react-query';
import { client, data } from '../../lib/client';

/** GET /api/dev/outbox?to= — mail and SMS sent to an address (development only; 404 in production). */
export const outboxQuery = (to: string) =>
  queryOptions({
    queryKey: ['dev', 'outbox', to],
    queryFn: async ({ signal }) => {
      const res = await data(client.GET('/api/dev/outbox', { params: { query: { to } }, signal }));
      return [...(res.items ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    staleTime: 0,
    // no retry (decision 0036): a development tool, 404 in production; its page asks again on each look
    retry: false,
  });
