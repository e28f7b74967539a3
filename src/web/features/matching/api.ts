import { queryOptions } from '@tanstack/react-query';
import { client, data } from '../../lib/client';

export const matchKeys = {
  influencers: (taskId: string) => ['matching', 'influencers', taskId] as const,
  tasks: ['matching', 'tasks'] as const,
};

/** GET /api/tasks/:id/recommended-influencers — the owning company only. */
export const recommendedInfluencersQuery = (taskId: string) =>
  queryOptions({
    queryKey: matchKeys.influencers(taskId),
    queryFn: ({ signal }) => data(client.GET('/api/tasks/{id}/recommended-influencers', { signal, params: { path: { id: taskId }, query: { limit: 10 } } })),
    staleTime: 60_000,
  });

/** GET /api/me/recommended-tasks — the signed-in influencer's 为你推荐. */
export const recommendedTasksQuery = queryOptions({
  queryKey: matchKeys.tasks,
  queryFn: ({ signal }) => data(client.GET('/api/me/recommended-tasks', { signal, params: { query: { limit: 8 } } })).then((r) => r.items),
  staleTime: 60_000,
});
