import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewQuery } from '@shared/schemas/reviews';
import { client, data } from '../../lib/client';
import { compactQuery } from '../../lib/queryParams';

/** 评价管理: GET /api/admin/reviews (内容管理) */
export const adminReviewsQuery = (q: AdminReviewQuery) =>
  queryOptions({
    queryKey: ['admin', 'reviews', q] as const,
    queryFn: ({ signal }) => data(client.GET('/api/admin/reviews', { params: { query: compactQuery(q) }, signal })),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/reviews/:id/hide (with a reason) or /unhide (reason null) */
export function useReviewVisibility() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
      reason === null
        ? data(client.POST('/api/admin/reviews/{id}/unhide', { params: { path: { id } } }))
        : data(client.POST('/api/admin/reviews/{id}/hide', { params: { path: { id } }, body: { reason } })),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'reviews'] }),
  });
}
