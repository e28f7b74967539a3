import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { VideoDetailResponse, VideoListResponse } from '@shared/schemas/videos';

export type VideoSort = 'latest' | 'popular' | 'trending' | 'rating' | 'sort_order';
import { LIMITS } from '@shared/limits';
import { ApiError, api, isApiError } from '../../lib/api';

/** GET /api/videos?limit=4&sort=latest — the home showcase (part 1 §2). */
export const latestVideosQuery = (limit: number = LIMITS.homeLatestVideos) =>
  queryOptions({
    queryKey: ['videos', 'latest', limit],
    queryFn: async ({ signal }) => {
      const res = await api.get<VideoListResponse>('/api/videos', { query: { limit, sort: 'latest' }, signal });
      // "non-OK status or wrong format" is an error (part 2 §8)
      if (!res || !Array.isArray(res.videos)) throw new ApiError({ status: 200, code: 'INTERNAL', message: 'Unexpected response' });
      return res.videos;
    },
  });

export type ShowcaseFilters = { search: string; category: string; sort: VideoSort; page: number };
export const SHOWCASE_PAGE_SIZE = 12;

/** GET /api/videos — one page of the showcase (the server filters, sorts and pages). */
export const showcaseQuery = (f: ShowcaseFilters) =>
  queryOptions({
    queryKey: ['videos', 'showcase', f],
    queryFn: ({ signal }) =>
      api.get<VideoListResponse>('/api/videos', {
        signal,
        query: {
          search: f.search || undefined,
          category: f.category || undefined,
          sort: f.sort,
          page: f.page > 1 ? f.page : undefined,
          limit: SHOWCASE_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const videoDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['videos', 'detail', id],
    queryFn: ({ signal }) => api.get<VideoDetailResponse>('/api/video-detail', { signal, query: { id } }),
    retry: (n, e) => n < 1 && !(isApiError(e) && e.status >= 400 && e.status < 500),
  });

/** Counts one view per visit (the server dedupes per visitor and 30 minutes). */
export const recordVideoView = (id: string) => api.post<{ counted: boolean }>(`/api/videos/${id}/view`);
