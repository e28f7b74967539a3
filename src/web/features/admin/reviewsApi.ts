import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewQuery, AdminReviewsResponse } from '@shared/schemas/reviews';
import { api, isApiError } from '../../lib/api';

const retryServerErrors = (n: number, e: unknown) => n < 1 && !(isApiError(e) && e.status >= 400 && e.status < 500);

/** 评价管理: GET /api/admin/reviews (内容管理) */
export const adminReviewsQuery = (q: AdminReviewQuery) =>
  queryOptions({
    queryKey: ['admin', 'reviews', q] as const,
    queryFn: ({ signal }) => api.get<AdminReviewsResponse>('/api/admin/reviews', { signal, query: q }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });

/** POST /api/admin/reviews/:id/hide (with a reason) or /unhide (reason null) */
export function useReviewVisibility() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
      reason === null ? api.post<{ ok: true }>(`/api/admin/reviews/${encodeURIComponent(id)}/unhide`) : api.post<{ ok: true }>(`/api/admin/reviews/${encodeURIComponent(id)}/hide`, { reason }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'reviews'] }),
  });
}
