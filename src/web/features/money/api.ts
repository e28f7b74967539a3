import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopupInput } from '@shared/schemas/money';
import { client, data } from '../../lib/client';

export const moneyKeys = {
  all: ['money'] as const,
  wallet: (before: number | null) => ['money', 'wallet', before] as const,
  topups: ['money', 'topups'] as const,
  admin: (status: 'pending' | 'done') => ['money', 'admin', status] as const,
};

/** GET /api/wallet — balances and one statement page (keyset: `before`, an integer in the document) */
export const walletQuery = (before: number | null) =>
  queryOptions({
    queryKey: moneyKeys.wallet(before),
    queryFn: ({ signal }) => data(client.GET('/api/wallet', { params: { query: { before: before ?? undefined, limit: 20 } }, signal })),
  });

/** GET /api/wallet/receipts/:id — one movement's receipt */
export const receiptQuery = (entryId: string) =>
  queryOptions({
    queryKey: ['money', 'receipt', entryId] as const,
    queryFn: ({ signal }) => data(client.GET('/api/wallet/receipts/{id}', { params: { path: { id: entryId } }, signal })),
  });

/** GET /api/wallet/topups — the user's own top-ups */
export const topupsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: moneyKeys.topups,
    queryFn: ({ signal }) => data(client.GET('/api/wallet/topups', { signal })).then((r) => r.items),
    enabled,
  });

/** GET /api/wallet/topup-methods — what this installation offers (Stripe when configured, the sandbox outside production) */
export const topupMethodsQuery = () =>
  queryOptions({
    queryKey: ['money', 'topup-methods'] as const,
    queryFn: ({ signal }) => data(client.GET('/api/wallet/topup-methods', { signal })).then((r) => r.methods),
    staleTime: 5 * 60_000,
  });

/** GET /api/wallet/topups/:id — one top-up (the result page after Stripe's Checkout), re-read every 2 s while pending */
export const topupQuery = (id: string) =>
  queryOptions({
    queryKey: ['money', 'topup', id] as const,
    queryFn: ({ signal }) => data(client.GET('/api/wallet/topups/{id}', { params: { path: { id } }, signal })).then((r) => r.topup),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
  });

export function useCreateTopup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TopupInput) => data(client.POST('/api/wallet/topups', { body })).then((r) => r.topup),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

/** companies: pay the commissions left due at settlement */
export function usePayCommissions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => data(client.POST('/api/wallet/commissions/pay')),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

/** development only: the sandbox checkout's 测试支付 button */
export function useSandboxPay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: 'succeeded' | 'failed' }) =>
      data(client.POST('/api/dev/payments/sandbox/{id}/pay', { params: { path: { id } }, body: { outcome } })),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export const adminTopupsQuery = (status: 'pending' | 'done') =>
  queryOptions({
    queryKey: moneyKeys.admin(status),
    queryFn: ({ signal }) => data(client.GET('/api/admin/finance/topups', { params: { query: { status } }, signal })).then((r) => r.items),
  });

export function useDecideTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'confirm' | 'reject'; reason?: string }) =>
      action === 'reject'
        ? data(client.POST('/api/admin/finance/topups/{id}/reject', { params: { path: { id } }, body: { reason: reason ?? '' } }))
        : data(client.POST('/api/admin/finance/topups/{id}/confirm', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}
