import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { INFLUENCER_CATEGORIES } from '@shared/options';
import type { InfluencerSort } from '@shared/schemas/people';
import { client, clientOf, data, type Schema } from '../../lib/client';
import { compactQuery } from '../../lib/queryParams';
import { refreshConversation } from '../messages/api';

/** The directory's filters as kept in the URL. */
export type DirectoryFilters = { search: string; category: string; sort: InfluencerSort; page: number };

export const peopleKeys = {
  directory: (f: DirectoryFilters) => ['people', 'directory', f] as const,
  influencer: (id: string) => ['people', 'influencer', id] as const,
  company: (id: string) => ['people', 'company', id] as const,
};

export type CompanyDetailResponse = Schema<'CompanyDetailResponse'>;
export type InfluencerDetailResponse = Schema<'InfluencerDetailResponse'>;

const CATEGORY_VALUES = new Set<string>(INFLUENCER_CATEGORIES.map((c) => c.value));
/** the directory's categories (the page keeps only these in its filters) */
const isDirectoryCategory = (c: string): c is Schema<'DirectoryCategory'> => CATEGORY_VALUES.has(c);

/** GET /api/influencers — one page of the directory (filtered, sorted and paged by the server). */
export const directoryQuery = (f: DirectoryFilters) =>
  queryOptions({
    queryKey: peopleKeys.directory(f),
    queryFn: async ({ signal, client: cache }) => {
      const call = clientOf(cache).GET('/api/influencers', {
        signal,
        params: {
          query: compactQuery({
            search: f.search,
            category: isDirectoryCategory(f.category) ? f.category : undefined,
            sort: f.sort === 'rating' ? undefined : f.sort,
            page: f.page > 1 ? f.page : undefined,
          }),
        },
      });
      const list = await data(call);
      // the server says whether this came from the shared cache of public lists (part 2 §2)
      const cached = (await call).response.headers.get('x-cache') === 'hit';
      return { ...list, cached };
    },
    placeholderData: keepPreviousData,
  });

export const influencerQuery = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.influencer(id),
    queryFn: ({ signal, client: cache }) => data(clientOf(cache).GET('/api/influencers/{id}', { signal, params: { path: { id } } })),
  });

export const companyQuery = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.company(id),
    queryFn: ({ signal, client: cache }) => data(clientOf(cache).GET('/api/companies/{id}', { signal, params: { path: { id } } })),
  });

export function useContactInfluencer(influencerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => data(client.POST('/api/influencers/{id}/contact', { params: { path: { id: influencerId } }, body: { message } })),
    onSuccess: () => refreshConversation(qc),
  });
}

export function useFollow(companyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      data(
        follow
          ? client.POST('/api/companies/{id}/follow', { params: { path: { id: companyId } } })
          : client.DELETE('/api/companies/{id}/follow', { params: { path: { id: companyId } } }),
      ),
    onSuccess: (r) =>
      qc.setQueryData<CompanyDetailResponse>(peopleKeys.company(companyId), (old) =>
        old ? { ...old, company: { ...old.company, following: r.following, followersCount: r.followersCount } } : old,
      ),
  });
}
