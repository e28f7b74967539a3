import { queryOptions } from '@tanstack/react-query';
import { client, data } from '../../lib/client';

export const rosterKey = ['agencies', 'roster'] as const;

/** GET /api/agency/roster — the agency's own roster, invitations and history (kept apart from api.ts's mutations) */
export const rosterQuery = queryOptions({
  queryKey: rosterKey,
  queryFn: ({ signal }) => data(client.GET('/api/agency/roster', { signal })),
});
