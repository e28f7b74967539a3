import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client, data, type Schema } from '../../lib/client';

export type PipelineKind = Schema<'AgencyPipelineResponse'>['kind'];
export type PipelineFilter = { kind: PipelineKind; influencerId?: string; status?: Schema<'PipelineItem'>['status']; page: number };

export const workspaceKeys = {
  all: ['agencies', 'workspace'] as const,
  figures: ['agencies', 'workspace', 'figures'] as const,
  pipeline: (f: PipelineFilter) => ['agencies', 'workspace', 'pipeline', f] as const,
  earnings: ['agencies', 'workspace', 'earnings'] as const,
  forYou: (influencerId: string) => ['agencies', 'workspace', 'for-you', influencerId] as const,
};

export const PIPELINE_PAGE_SIZE = 10;

/** GET /api/agency/workspace — the roster's figures this month */
export const workspaceQuery = queryOptions({
  queryKey: workspaceKeys.figures,
  queryFn: ({ signal }) => data(client.GET('/api/agency/workspace', { signal })),
});

/** GET /api/agency/pipeline — one kind across the roster, filtered, a page */
export const pipelineQuery = (f: PipelineFilter) =>
  queryOptions({
    queryKey: workspaceKeys.pipeline(f),
    queryFn: ({ signal }) =>
      data(
        client.GET('/api/agency/pipeline', {
          params: { query: { kind: f.kind, influencerId: f.influencerId, status: f.status, page: f.page, limit: PIPELINE_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/agency/earnings — the last 12 months */
export const earningsQuery = queryOptions({
  queryKey: workspaceKeys.earnings,
  queryFn: ({ signal }) => data(client.GET('/api/agency/earnings', { signal })),
});

/** 为你推荐 of a roster influencer: the influencer's own recommendations, read by the agency on its behalf (decision 0045) */
export const forYouQuery = (influencerId: string) =>
  queryOptions({
    queryKey: workspaceKeys.forYou(influencerId),
    queryFn: ({ signal }) =>
      data(client.GET('/api/me/recommended-tasks', { params: { query: { limit: 6, onBehalfOf: influencerId } }, signal })).then((r) => r.items),
  });
