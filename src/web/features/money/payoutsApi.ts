import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayoutsResponse, BankAccount, BankAccountInput, BankAccountsResponse, Payout, PayoutInput, PayoutsResponse } from '@shared/schemas/payouts';
import { api } from '../../lib/api';
import { moneyKeys } from './api';

/** under moneyKeys.all: a withdrawal or a decision refreshes the wallet's balances and statement too */
export const payoutKeys = {
  bankAccounts: [...moneyKeys.all, 'bank-accounts'] as const,
  payouts: [...moneyKeys.all, 'payouts'] as const,
  admin: (status: 'requested' | 'done') => [...moneyKeys.all, 'admin-payouts', status] as const,
};

export const bankAccountsQuery = queryOptions({
  queryKey: payoutKeys.bankAccounts,
  queryFn: ({ signal }) => api.get<BankAccountsResponse>('/api/wallet/bank-accounts', { signal }).then((r) => r.bankAccounts),
});

export const payoutsQuery = queryOptions({
  queryKey: payoutKeys.payouts,
  queryFn: ({ signal }) => api.get<PayoutsResponse>('/api/wallet/payouts', { signal }),
});

function useMoneyMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }) });
}

export const useAddBankAccount = () =>
  useMoneyMutation((body: BankAccountInput) => api.post<{ bankAccount: BankAccount }>('/api/wallet/bank-accounts', body).then((r) => r.bankAccount));

export const useRemoveBankAccount = () => useMoneyMutation((id: string) => api.delete<{ ok: true }>(`/api/wallet/bank-accounts/${encodeURIComponent(id)}`));

export const useRequestPayout = () => useMoneyMutation((body: PayoutInput) => api.post<{ payout: Payout }>('/api/wallet/payouts', body).then((r) => r.payout));

export const adminPayoutsQuery = (status: 'requested' | 'done') =>
  queryOptions({
    queryKey: payoutKeys.admin(status),
    queryFn: ({ signal }) => api.get<AdminPayoutsResponse>('/api/admin/finance/payouts', { signal, query: { status } }).then((r) => r.payouts),
  });

export const useDecidePayout = () =>
  useMoneyMutation(({ id, outcome, text }: { id: string; outcome: 'paid' | 'reject'; text: string }) =>
    api.post<{ ok: true }>(`/api/admin/finance/payouts/${encodeURIComponent(id)}/${outcome}`, outcome === 'paid' ? { reference: text } : { reason: text }),
  );

/** "招商银行 •••• 1234" */
export const maskedBank = (b: { bankName: string; last4: string }) => `${b.bankName} •••• ${b.last4}`;
