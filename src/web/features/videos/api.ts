import { queryOptions } from '@tanstack/react-query';
import type { VideoListResponse } from '@shared/schemas/videos';
import { LIMITS } from '@shared/limits';
import { ApiError, api } from '../../lib/api';

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
