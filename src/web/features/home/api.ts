import { queryOptions } from '@tanstack/react-query';
import type { HomeStats } from '@shared/schemas/stats';
import { api } from '../../lib/api';

/** GET /api/stats/home — real counts for the stats strip. */
export const homeStatsQuery = queryOptions({
  queryKey: ['home', 'stats'],
  queryFn: ({ signal }) => api.get<HomeStats>('/api/stats/home', { signal }),
  staleTime: 5 * 60_000,
});
