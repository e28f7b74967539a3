import { queryOptions } from '@tanstack/react-query';
import { clientOf, data, type Schema } from '../../lib/client';

export type HomeStats = Schema<'HomeStatsResponse'>;

/** GET /api/stats/home — real counts for the stats strip. */
export const homeStatsQuery = queryOptions({
  queryKey: ['home', 'stats'],
  queryFn: ({ signal, client: cache }) => data(clientOf(cache).GET('/api/stats/home', { signal })),
  staleTime: 5 * 60_000,
});
