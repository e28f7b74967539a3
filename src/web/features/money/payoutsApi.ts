import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountInput, PayoutInput } from '@shared/schemas/payouts';
import { client, data } from '../../lib/client';
import { moneyKeys } from './api';

/** under moneyKeys.all: a withdrawal or a decision refreshes the wallet's balances and statement too */
export const payoutKeys = {
  bankAccounts: [...moneyKeys.all, 'bank-accounts'] as const,
  payouts: [...moneyKeys.all, 'payouts'] as const,
  admin: (status: 'requested' | 'done') => [...moneyKeys.all, 'admin-payouts', status] as const,
};

export const bankAccountsQuery = queryOptions({
  queryKey: payoutKeys.bankAccounts,
  queryFn: ({ signal }) => data(client.GET('/api/wallet/bank-accounts', { signal })).then((r) => r.items),
});

export const payoutsQuery = queryOptions({
  queryKey: payoutKeys.payouts,
  queryFn: ({ signal }) => data(client.GET('/api/wallet/payouts', { signal })),
});

function useMoneyMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: moneyKeys.all }) });
}

export const useAddBankAccount = () =>
  useMoneyMutation((body: BankAccountInput) => data(client.POST('/api/wallet/bank-accounts', { body })).then((r) => r.bankAccount));

export const useRemoveBankAccount = () => useMoneyMutation((id: string) => data(client.DELETE('/api/wallet/bank-accounts/{id}', { params: { path: { id } } })));

export const useRequestPayout = () => useMoneyMutation((body: PayoutInput) => data(client.POST('/api/wallet/payouts', { body })).then((r) => r.payout));

export const adminPayoutsQuery = (status: 'requested' | 'done') =>
  queryOptions({
    queryKey: payoutKeys.admin(status),
    queryFn: ({ signal }) => data(client.GET('/api/admin/finance/payouts', { params: { query: { status } }, signal })).then((r) => r.items),
  });

export const useDecidePayout = () =>
  useMoneyMutation(({ id, outcome, text }: { id: string; outcome: 'paid' | 'reject'; text: string }) =>
    outcome === 'paid'
      ? data(client.POST('/api/admin/finance/payouts/{id}/paid', { params: { path: { id } }, body: { reference: text } }))
      : data(client.POST('/api/admin/finance/payouts/{id}/reject', { params: { path: { id } }, body: { reason: text } })),
  );

/** "招商银行 •••• 1234" */
export const maskedBank = (b: { bankName: string; last4: string }) => `${b.bankName} •••• ${b.last4}`;
