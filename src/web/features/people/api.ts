import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyDetailResponse,
  FollowResponse,
  InfluencerDetailResponse,
  InfluencerListResponse,
  InfluencerSort,
} from '@shared/schemas/people';
import { api, isApiError } from '../../lib/api';
import { refreshConversation } from '../messages/api';

/** The directory's filters as kept in the URL. */
export type DirectoryFilters = { search: string; category: string; sort: InfluencerSort; page: number };

export const peopleKeys = {
  directory: (f: DirectoryFilters) => ['people', 'directory', f] as const,
  influencer: (id: string) => ['people', 'influencer', id] as const,
  company: (id: string) => ['people', 'company', id] as const,
};

/** a 4xx answer will not change on retry */
const retryServerErrors = (n: number, e: unknown) => n < 1 && !(isApiError(e) && e.status >= 400 && e.status < 500);

/** GET /api/influencers — one page of the directory (filtered, sorted and paged by the server). */
export const directoryQuery = (f: DirectoryFilters) =>
  queryOptions({
    queryKey: peopleKeys.directory(f),
    queryFn: async ({ signal }) => {
      let cached = false;
      const data = await api.get<InfluencerListResponse>('/api/influencers', {
        signal,
        // the server says whether this came from the shared cache of public lists (part 2 §2)
        onResponse: (res) => {
          cached = res.headers.get('x-cache') === 'hit';
        },
        query: {
          search: f.search || undefined,
          category: f.category || undefined,
          sort: f.sort === 'rating' ? undefined : f.sort,
          page: f.page > 1 ? f.page : undefined,
        },
      });
      return { ...data, cached };
    },
    placeholderData: keepPreviousData,
  });

export const influencerQuery = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.influencer(id),
    queryFn: ({ signal }) => api.get<InfluencerDetailResponse>('/api/influencer-detail', { signal, query: { id } }),
    retry: retryServerErrors,
  });

export const companyQuery = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.company(id),
    queryFn: ({ signal }) => api.get<CompanyDetailResponse>(`/api/companies/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
  });

export function useContactInfluencer(influencerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<{ conversationId: string }>(`/api/influencers/${influencerId}/contact`, { message }),
    onSuccess: () => refreshConversation(qc),
  });
}

export function useFollow(companyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow ? api.post<FollowResponse>(`/api/companies/${companyId}/follow`) : api.delete<FollowResponse>(`/api/companies/${companyId}/follow`),
    onSuccess: (r) =>
      qc.setQueryData<CompanyDetailResponse>(peopleKeys.company(companyId), (old) =>
        old ? { ...old, company: { ...old.company, following: r.following, followersCount: r.followersCount } } : old,
      ),
  });
}
