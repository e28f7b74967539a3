import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealEvent } from '@shared/deals';
import type { ReviewForm } from '@shared/schemas/reviews';
import type { UploadResponse } from '@shared/schemas/uploads';
import { api, isApiError, uploadFile, type UploadOptions } from '../../lib/api';
import { client, data } from '../../lib/client';

export const dealKeys = {
  all: ['deals'] as const,
  list: (status: 'active' | 'closed' | 'all') => ['deals', 'list', status] as const,
  deal: (id: string) => ['deals', 'deal', id] as const,
};

const retryServerErrors = (n: number, e: unknown) => n < 1 && !(isApiError(e) && e.status >= 400 && e.status < 500);

/** GET /api/deals/:id — the deal as the viewer may see it, with the actions allowed now */
export const dealQuery = (id: string) =>
  queryOptions({
    queryKey: dealKeys.deal(id),
    // the typed client: path, parameters and result come from the API document (decision 0031)
    queryFn: ({ signal }) => data(client.GET('/api/deals/{id}', { params: { path: { id } }, signal })),
    retry: retryServerErrors,
    // the other side acts too: look again while the page is open
    refetchInterval: 30_000,
  });

/** GET /api/deals — the signed-in party's deals */
export const myDealsQuery = (status: 'active' | 'closed' | 'all' = 'all') =>
  queryOptions({
    queryKey: dealKeys.list(status),
    queryFn: ({ signal }) =>
      data(client.GET('/api/deals', { params: { query: status === 'all' ? {} : { status } }, signal })).then((r) => r.items),
  });

/** POST /api/deals/:id/events/:event */
export function useDealEvent(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ event, body }: { event: DealEvent; body?: Record<string, unknown> }) =>
      api.post<{ ok: true }>(`/api/deals/${encodeURIComponent(id)}/events/${event}`, body ?? {}),
    onSettled: () => qc.invalidateQueries({ queryKey: dealKeys.all }),
  });
}

/** one private deal image (report screenshot, dispute evidence) */
export const uploadDealFile = (file: Blob, opts: UploadOptions = {}) => uploadFile<UploadResponse>('/api/uploads?purpose=deal-file', file, opts);

/** POST /api/deals/:id/review — the viewer's review of the other side (decision 0015) */
export function useWriteReview(dealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewForm) => api.post<{ ok: true }>(`/api/deals/${encodeURIComponent(dealId)}/review`, body),
    onSettled: () => qc.invalidateQueries({ queryKey: dealKeys.deal(dealId) }),
  });
}

/** POST /api/reviews/:id/reply — the reviewed side's one reply */
export function useReplyToReview(dealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) => api.post<{ ok: true }>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, { reply }),
    onSettled: () => qc.invalidateQueries({ queryKey: dealKeys.deal(dealId) }),
  });
}
