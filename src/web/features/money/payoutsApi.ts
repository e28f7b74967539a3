import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountInput, PayoutInput } from '@shared/schemas/payouts';
import { client, data } from '../../lib/client';
import { moneyKeys } from './api';

/** under moneyKeys.all: a withdrawal or a decision refreshes the wallet's balances and statement too */
export const payoutKeys = {
  bankAccounts: [...moneyKeys.all, 'bank-accounts'] as const,
  payouts: [...moneyKeys.all, 'payouts'] as const,
  admin: (status: 'requested' | 'done') => [...moneyKeys.all, 'admin-payouts', status] as const,
  stripeAccount: [...moneyKeys.all, 'stripe-account'] as const,
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

/** the user's Stripe account for payouts (decision 0058): offered here or not, and its status */
export const stripeAccountQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: payoutKeys.stripeAccount,
    queryFn: ({ signal }) => data(client.GET('/api/wallet/stripe-account', { signal })),
    enabled,
  });

/** a fresh onboarding link (the account is created the first time) */
export const useLinkStripeAccount = () => useMoneyMutation(() => data(client.POST('/api/wallet/stripe-account/link')));

/** back from onboarding: the account's state read from Stripe now */
export const useRefreshStripeAccount = () => useMoneyMutation(() => data(client.POST('/api/wallet/stripe-account/refresh')));

/** "Stripe •••• 1a2b": a connected account by the end of its id */
export const maskedStripe = (accountId: string) => `Stripe •••• ${accountId.slice(-4)}`;

/** where a payout goes: the masked bank account, or the Stripe account */
export const payoutDestination = (p: { bank: { bankName: string; last4: string } | null; stripeAccountId: string | null }) =>
  p.bank ? maskedBank(p.bank) : maskedStripe(p.stripeAccountId ?? '');

/** "招商银行 •••• 1234" */
export const maskedBank = (b: { bankName: string; last4: string }) => `${b.bankName} •••• ${b.last4}`;
