import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { LIMITS } from '@shared/limits';
import { ApiError } from '../../lib/api';
import type { operations } from '../../lib/apiTypes';
import { client, clientOf, data } from '../../lib/client';
import { compactQuery } from '../../lib/queryParams';

/** the showcase's orders, as the document lists them */
export type VideoSort = NonNullable<NonNullable<operations['listVideos']['parameters']['query']>['sort']>;

/** GET /api/videos?limit=4&sort=latest — the home showcase (part 1 §2). */
export const latestVideosQuery = (limit: number = LIMITS.homeLatestVideos) =>
  queryOptions({
    queryKey: ['videos', 'latest', limit],
    queryFn: async ({ signal, client: cache }) => {
      const res = await data(clientOf(cache).GET('/api/videos', { params: { query: { limit, sort: 'latest' } }, signal }));
      // "non-OK status or wrong format" is an error (part 2 §8)
      if (!res || !Array.isArray(res.items)) throw new ApiError({ status: 200, code: 'INTERNAL', message: 'Unexpected response' });
      return res.items;
    },
  });

export type ShowcaseFilters = { search: string; category: string; sort: VideoSort; page: number };
export const SHOWCASE_PAGE_SIZE = 12;

/** GET /api/videos — one page of the showcase (the server filters, sorts and pages). */
export const showcaseQuery = (f: ShowcaseFilters) =>
  queryOptions({
    queryKey: ['videos', 'showcase', f],
    queryFn: ({ signal, client: cache }) =>
      data(
        clientOf(cache).GET('/api/videos', {
          signal,
          params: {
            query: compactQuery({
              search: f.search,
              // a category id ('1'…'6' in the address)
              category: f.category ? Number(f.category) : undefined,
              sort: f.sort,
              page: f.page > 1 ? f.page : undefined,
              limit: SHOWCASE_PAGE_SIZE,
            }),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const videoDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['videos', 'detail', id],
    queryFn: ({ signal, client: cache }) => data(clientOf(cache).GET('/api/videos/{id}', { signal, params: { path: { id } } })),
  });

/** Counts one view per visit (the server dedupes per visitor and 30 minutes). */
export const recordVideoView = (id: string) => data(client.POST('/api/videos/{id}/view', { params: { path: { id } } }));
