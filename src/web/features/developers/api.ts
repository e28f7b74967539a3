import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreateInput } from '@shared/schemas/apiKeys';
import { client, data } from '../../lib/client';

export const developerKeys = {
  all: ['developers'] as const,
  keys: ['developers', 'keys'] as const,
};

/** GET /api/me/api-keys — my API keys (never a secret), the live-key limit and the per-key rate */
export const apiKeysQuery = queryOptions({
  queryKey: developerKeys.keys,
  queryFn: ({ signal }) => data(client.GET('/api/me/api-keys', { signal })),
});

/** POST /api/me/api-keys — the answer's `secret` is shown once and kept nowhere */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateInput) => data(client.POST('/api/me/api-keys', { body })),
    onSettled: () => qc.invalidateQueries({ queryKey: developerKeys.all }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(client.POST('/api/me/api-keys/{id}/revoke', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: developerKeys.all }),
  });
}
