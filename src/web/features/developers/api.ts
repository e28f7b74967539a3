import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreateInput } from '@shared/schemas/apiKeys';
import type { WebhookEndpointCreateInput, WebhookEndpointUpdateInput } from '@shared/schemas/webhooks';
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

// webhooks (decision 0042)

export const webhookKeys = {
  all: ['developers', 'webhooks'] as const,
  endpoints: ['developers', 'webhooks', 'endpoints'] as const,
  deliveries: (id: string) => ['developers', 'webhooks', 'deliveries', id] as const,
};

/** GET /api/me/webhook-endpoints — my endpoints (never a secret), the limit and the event types */
export const webhookEndpointsQuery = queryOptions({
  queryKey: webhookKeys.endpoints,
  queryFn: ({ signal }) => data(client.GET('/api/me/webhook-endpoints', { signal })),
});

/** GET /api/me/webhook-endpoints/{id}/deliveries — the 50 most recent deliveries */
export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => data(client.GET('/api/me/webhook-endpoints/{id}/deliveries', { params: { path: { id } }, signal })),
  });

/** POST /api/me/webhook-endpoints — the answer's `secret` is shown once and kept nowhere */
export function useCreateWebhookEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreateInput) => data(client.POST('/api/me/webhook-endpoints', { body })),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useUpdateWebhookEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookEndpointUpdateInput }) =>
      data(client.PATCH('/api/me/webhook-endpoints/{id}', { params: { path: { id } }, body })),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhookEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(client.DELETE('/api/me/webhook-endpoints/{id}', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** POST …/rotate-secret — the new secret is shown once; the old one signs for 24 h more */
export function useRotateWebhookSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(client.POST('/api/me/webhook-endpoints/{id}/rotate-secret', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useSendWebhookTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(client.POST('/api/me/webhook-endpoints/{id}/test', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useResendWebhookDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(client.POST('/api/me/webhook-deliveries/{id}/resend', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
