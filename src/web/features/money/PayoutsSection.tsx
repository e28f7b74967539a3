import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Select, Tag } from 'antd';
import { BUSINESS } from '@shared/business';
import { parseDollars } from '@shared/money';
import { isApiError } from '../../lib/api';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { formatMoney, useFormat } from '../../lib/format';
import WalletForm from './WalletForm';
import { walletQuery } from './api';
import { bankAccountsQuery, maskedBank, maskedStripe, payoutDestination, payoutsQuery, stripeAccountQuery, useRequestPayout } from './payoutsApi';

export const PAYOUT_STATUS_COLOR: Record<Schema<'Payout'>['status'], string> = { requested: 'orange', paid: 'green', rejected: 'red', reversed: 'red' };
/** the destination the select offers for the linked Stripe account */
const STRIPE = 'stripe';

/**
 * /wallet → 提现 (to one of the user's bank accounts, or an influencer's or agency's linked Stripe account — decision 0058:
 * minimum and expected date shown) and 提现记录. `payee`: the user may link a Stripe account (influencers and agencies).
 */
export default function PayoutsSection({ payee }: { payee: boolean }) {
  const { t } = useTranslation('payouts');
  const f = useFormat();
  const { apiErrorText, errorText } = useErrorText();
  const wallet = useQuery(walletQuery(null));
  const banks = useQuery(bankAccountsQuery);
  const q = useQuery(payoutsQuery);
  const request = useRequestPayout();
  const stripe = useQuery(stripeAccountQuery(payee)).data;
  const stripeReady = stripe?.status === 'enabled' && stripe.accountId !== null;
  const [amount, setAmount] = useState('');
  const [bankId, setBankId] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const available = wallet.data?.availableCents ?? 0;
  const accounts = banks.data ?? [];
  // the linked Stripe account first when it can receive payouts (paid without waiting for finance), else the newest bank account
  const chosen = (bankId === STRIPE && stripeReady) || accounts.some((b) => b.id === bankId) ? bankId : stripeReady ? STRIPE : accounts[0]?.id;
  const options = [
    ...(stripeReady && stripe.accountId ? [{ value: STRIPE, label: t('withdraw.stripeOption', { account: maskedStripe(stripe.accountId) }) }] : []),
    ...accounts.map((b) => ({ value: b.id, label: maskedBank(b) })),
  ];
  const min = q.data?.minCents;

  const submit = () => {
    const cents = parseDollars(amount);
    if (cents === null || cents <= 0) return setError(errorText('MONEY_AMOUNT_INVALID'));
    if (min !== undefined && cents < min) return setError(errorText('PAYOUT_BELOW_MINIMUM', { min: formatMoney(min) }));
    if (cents > available) return setError(t('withdraw.overBalance', { amount: formatMoney(available) }));
    if (!chosen) return setError(t('withdraw.noBank'));
    setError(null);
    setDone(false);
    request.mutate(chosen === STRIPE ? { amountCents: cents, destination: 'stripe' } : { amountCents: cents, bankAccountId: chosen }, {
      onSuccess: () => {
        setAmount('');
        setDone(true);
      },
      onError: (e) =>
        setError(
          isApiError(e) && e.code === 'WALLET_INSUFFICIENT'
            ? t('withdraw.overBalance', { amount: formatMoney(available) })
            : apiErrorText(e, t('withdraw.failed')),
        ),
    });
  };

  return (
    <>
      <section className="wl-card" data-testid="payout-form">
        <h2>{t('withdraw.title')}</h2>
        <p className="wl-muted" data-testid="payout-available">
          {t('withdraw.available', { amount: formatMoney(available) })}
        </p>
        <WalletForm onSubmit={submit}>
          <label>
            <div>{t('withdraw.amount')}</div>
            <Input
              prefix="$"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder={t('withdraw.amountPlaceholder')}
              status={error ? 'error' : undefined}
              data-testid="payout-amount"
            />
          </label>
          <label>
            <div>{t(stripeReady ? 'withdraw.destination' : 'withdraw.bank')}</div>
            {options.length === 0 ? (
              <p className="wl-muted" data-testid="payout-no-bank">
                {t('withdraw.noBank')}
              </p>
            ) : (
              <Select
                style={{ width: '100%' }}
                value={chosen}
                onChange={setBankId}
                placeholder={t('withdraw.bankPlaceholder')}
                options={options}
                data-testid="payout-bank"
              />
            )}
          </label>
          {q.data && (
            <p className="wl-muted" data-testid="payout-expected">
              {t('withdraw.minimum', { amount: formatMoney(q.data.minCents) })} ·{' '}
              {chosen === STRIPE
                ? t('withdraw.stripeExpected')
                : t('withdraw.expected', { min: BUSINESS.payoutWorkingDays.min, max: BUSINESS.payoutWorkingDays.max, date: f.day(q.data.expected.latest) })}
            </p>
          )}
          {error && <Alert type="error" showIcon title={error} data-testid="payout-error" />}
          {done && <Alert type="success" showIcon title={t('withdraw.done')} role="status" data-testid="payout-done" />}
          <Button type="primary" htmlType="submit" loading={request.isPending} disabled={options.length === 0} data-testid="payout-submit">
            {t('withdraw.submit')}
          </Button>
        </WalletForm>
      </section>
      <section className="wl-card" data-testid="wallet-payouts">
        <h2>{t('list.title')}</h2>
        {q.data && q.data.items.length === 0 && <p className="wl-muted">{t('list.empty')}</p>}
        <ul className="wl-list">
          {q.data?.items.map((p) => (
            <li key={p.id} className="wl-row" data-testid="payout-row">
              <div className="wl-row__main">
                <div>
                  <span className="wl-code">{payoutDestination(p)}</span>{' '}
                  <Tag color={PAYOUT_STATUS_COLOR[p.status]} data-testid="payout-status">
                    {t(`list.statuses.${p.status}`)}
                  </Tag>
                </div>
                {p.status === 'requested' && p.method === 'bank' && <div className="wl-muted">{t('list.expectedBy', { date: f.day(p.expectedBy) })}</div>}
                {p.status === 'requested' && p.method === 'stripe' && <div className="wl-muted">{t('list.stripePending')}</div>}
                {p.reference && (
                  <div className="wl-muted wl-code">{t(p.method === 'stripe' ? 'list.transfer' : 'list.reference', { reference: p.reference })}</div>
                )}
                {p.rejectReason && <div className="wl-muted">{t('list.reason', { reason: p.rejectReason })}</div>}
                <time className="wl-muted wl-time" dateTime={p.createdAt}>
                  {f.dateTime(p.createdAt)}
                </time>
              </div>
              <div className="wl-row__side">
                <strong>{formatMoney(p.amountCents)}</strong>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
