import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTopupsResponse, Receipt, Topup, TopupInput, TopupsResponse, WalletResponse } from '@shared/schemas/money';
import { api } from '../../lib/api';

export const moneyKeys = {
  all: ['money'] as const,
  wallet: (before: number | null) => ['money', 'wallet', before] as const,
  topups: ['money', 'topups'] as const,
  admin: (status: 'pending' | 'done') => ['money', 'admin', status] as const,
};

/** GET /api/wallet — balances and one statement page (keyset: `before`) */
export const walletQuery = (before: number | null) =>
  queryOptions({
    queryKey: moneyKeys.wallet(before),
    queryFn: ({ signal }) => api.get<WalletResponse>('/api/wallet', { signal, query: { before: before ?? undefined, limit: 20 } }),
  });

/** GET /api/wallet/receipts/:id — one movement's receipt */
export const receiptQuery = (entryId: string) =>
  queryOptions({
    queryKey: ['money', 'receipt', entryId] as const,
    queryFn: ({ signal }) => api.get<Receipt>(`/api/wallet/receipts/${encodeURIComponent(entryId)}`, { signal }),
  });

/** GET /api/wallet/topups — the user's own top-ups */
export const topupsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: moneyKeys.topups,
    queryFn: ({ signal }) => api.get<TopupsResponse>('/api/wallet/topups', { signal }).then((r) => r.topups),
    enabled,
  });

export function useCreateTopup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TopupInput) => api.post<{ topup: Topup }>('/api/wallet/topups', body).then((r) => r.topup),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

/** companies: pay the commissions left due at settlement */
export function usePayCommissions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ paid: number; remaining: number }>('/api/wallet/commissions/pay'),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

/** development only: the sandbox checkout's 测试支付 button */
export function useSandboxPay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: 'succeeded' | 'failed' }) =>
      api.post<{ ok: true; duplicate: boolean }>(`/api/dev/payments/sandbox/${encodeURIComponent(id)}/pay`, { outcome }),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export const adminTopupsQuery = (status: 'pending' | 'done') =>
  queryOptions({
    queryKey: moneyKeys.admin(status),
    queryFn: ({ signal }) => api.get<AdminTopupsResponse>('/api/admin/finance/topups', { signal, query: { status } }).then((r) => r.topups),
  });

export function useDecideTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'confirm' | 'reject'; reason?: string }) =>
      api.post<{ ok: true }>(`/api/admin/finance/topups/${encodeURIComponent(id)}/${action}`, action === 'reject' ? { reason } : undefined),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}
