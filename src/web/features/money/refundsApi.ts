/** Refunds of Stripe top-ups and chargebacks (decision 0057): the wallet's 申请退款 and the 财务 tab's queues. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, data } from '../../lib/client';
import { moneyKeys } from './api';

export const refundKeys = {
  wallet: ['money', 'refunds'] as const,
  admin: (status: 'requested' | 'done') => ['money', 'admin-refunds', status] as const,
  disputes: (status: 'open' | 'closed') => ['money', 'admin-disputes', status] as const,
};

/** GET /api/wallet/refundable-topups — what each Stripe top-up may still be asked back for */
export const refundableTopupsQuery = () =>
  queryOptions({
    queryKey: [...refundKeys.wallet, 'refundable'],
    queryFn: ({ signal }) => data(client.GET('/api/wallet/refundable-topups', { signal })).then((r) => r.items),
  });

/** GET /api/wallet/refunds — the company's requests */
export const walletRefundsQuery = () =>
  queryOptions({ queryKey: refundKeys.wallet, queryFn: ({ signal }) => data(client.GET('/api/wallet/refunds', { signal })).then((r) => r.items) });

export function useRequestRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ topupId, amountCents }: { topupId: string; amountCents: number }) =>
      data(client.POST('/api/wallet/topups/{id}/refunds', { params: { path: { id: topupId } }, body: { amountCents } })),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export const adminRefundsQuery = (status: 'requested' | 'done') =>
  queryOptions({
    queryKey: refundKeys.admin(status),
    queryFn: ({ signal }) => data(client.GET('/api/admin/finance/refunds', { params: { query: { status } }, signal })).then((r) => r.items),
  });

export function useDecideRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'approve' | 'reject'; reason?: string }) =>
      action === 'reject'
        ? data(client.POST('/api/admin/finance/refunds/{id}/reject', { params: { path: { id } }, body: { reason: reason ?? '' } }))
        : data(client.POST('/api/admin/finance/refunds/{id}/approve', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export const adminDisputesQuery = (status: 'open' | 'closed') =>
  queryOptions({
    queryKey: refundKeys.disputes(status),
    queryFn: ({ signal }) => data(client.GET('/api/admin/finance/disputes', { params: { query: { status } }, signal })).then((r) => r.items),
  });

// the daily reconciliation with Stripe (decision 0059)
export const reconcileKeys = {
  all: ['money', 'reconciliations'] as const,
  day: (day: string) => ['money', 'reconciliations', day] as const,
};

/** GET /api/admin/finance/reconciliations — the days reconciled, newest first */
export const reconciliationsQuery = () =>
  queryOptions({
    queryKey: reconcileKeys.all,
    queryFn: ({ signal }) => data(client.GET('/api/admin/finance/reconciliations', { params: { query: { limit: 30 } }, signal })),
  });

/** GET /api/admin/finance/reconciliations/{day} — a day's result and its differences */
export const reconciliationDayQuery = (day: string) =>
  queryOptions({
    queryKey: reconcileKeys.day(day),
    queryFn: ({ signal }) => data(client.GET('/api/admin/finance/reconciliations/{day}', { params: { path: { day }, query: { limit: 200 } }, signal })),
  });

export function useRunReconciliation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => data(client.POST('/api/admin/finance/reconciliations/{day}/run', { params: { path: { day } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: reconcileKeys.all }),
  });
}
