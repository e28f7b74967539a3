import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Radio, Tag } from 'antd';
import { DownloadOutlined, LockOutlined } from '@ant-design/icons';
import { parseDollars, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS, type TopupMethod } from '@shared/money';
import { SignInGate } from '../../components/SignInGate';
import { LoadFailed, StateBox } from '../../components/PageState';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { formatMoney, useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { topupMethodsQuery, topupsQuery, useCreateTopup, usePayCommissions, walletQuery } from './api';
import BankAccounts from './BankAccounts';
import PayoutsSection from './PayoutsSection';
import StripeConnect from './StripeConnect';
import { RefundButton, RefundRequests } from './RefundControl';
import './money.css';

type Me = Schema<'Me'>;
type Topup = Schema<'Topup'>;
type WalletResponse = Schema<'WalletResponse'>;

const STATUS_COLOR: Record<Topup['status'], string> = { pending: 'orange', succeeded: 'green', failed: 'red', cancelled: 'default' };

/** /wallet — the signed-in company's or influencer's balances, top-ups (companies) and statement. */
export default function WalletPage() {
  const { t } = useTranslation('money');
  usePageTitle(t('title'));
  return (
    <SignInGate className="wl-page" testId="wallet-signin" title={t('signInTitle')} action={t('signIn')}>
      {(user) => <Wallet user={user} />}
    </SignInGate>
  );
}

function Wallet({ user }: { user: Me }) {
  const { t } = useTranslation('money');
  const f = useFormat();
  // an agency has a wallet too: its share of its roster's deals arrives there, and it withdraws like anyone (decision 0044)
  const isParty = user.userType === 'company' || user.userType === 'influencer' || user.userType === 'agency';
  const [before, setBefore] = useState<number | null>(null);
  const q = useQuery({ ...walletQuery(before), enabled: isParty });
  if (!isParty)
    return (
      <div className="container wl-page">
        <StateBox icon={<LockOutlined />} title={t('onlyParties')} />
      </div>
    );

  return (
    <div className="container wl-page" data-testid="wallet-page">
      <div>
        <h1 className="wl-head__title">{t('title')}</h1>
        <p className="wl-muted">{t('subtitle')}</p>
      </div>
      {q.isError ? (
        <LoadFailed testId="wallet" title={t('loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <section className="wl-card wl-balances" aria-busy={q.isPending}>
          <Balance label={t('balances.available')} cents={q.data?.availableCents} testId="wallet-available" />
          {user.userType === 'influencer' && <Balance label={t('balances.pending')} cents={q.data?.pendingCents} testId="wallet-pending" />}
          {/* an agency holds nothing in escrow: it neither funds deals nor pays deposits */}
          {user.userType !== 'agency' && (
            <Balance
              label={user.userType === 'influencer' ? t('balances.deposits') : t('balances.escrow')}
              cents={q.data?.escrowCents}
              testId="wallet-escrow"
            />
          )}
        </section>
      )}
      {q.data && q.data.dueCommissions.length > 0 && <DueCommissions items={q.data.dueCommissions} />}
      {q.data && q.data.chargebackDebtCents > 0 && (
        <Alert type="warning" showIcon title={t('chargebackDebt', { amount: formatMoney(q.data.chargebackDebtCents) })} data-testid="wallet-chargeback-debt" />
      )}
      {/* a company mostly pays in, an influencer mostly withdraws (and tops up only for a deposit) */}
      {user.userType === 'company' && <TopupSection refunds />}
      {(user.userType === 'influencer' || user.userType === 'agency') && <StripeConnect />}
      <PayoutsSection payee={user.userType === 'influencer' || user.userType === 'agency'} />
      <BankAccounts />
      {user.userType === 'influencer' && <TopupSection />}
      <section className="wl-card" data-testid="wallet-statement">
        <h2>{t('statement.title')}</h2>
        {q.data && q.data.statement.items.length === 0 && <p className="wl-muted">{t('statement.empty')}</p>}
        <ul className="wl-list">
          {q.data?.statement.items.map((l) => (
            <li key={l.id} className="wl-row" data-testid="statement-line">
              <div className="wl-row__main">
                <Link to={`/wallet/receipt/${l.entryId}`} data-testid="statement-receipt">
                  {t(`statement.kinds.${statementKind(user.userType, l.kind)}`, { defaultValue: l.kind })}
                </Link>
                {l.deal && (
                  <Link to={`/deal/${l.deal.id}`} className="wl-muted wl-deal" data-testid="statement-deal">
                    {t('statement.deal', { task: l.deal.taskTitle, influencer: l.deal.influencerName })}
                  </Link>
                )}
                <time className="wl-muted wl-time" dateTime={l.at}>
                  {f.dateTime(l.at)}
                </time>
              </div>
              <div className="wl-row__side">
                <div className={l.amountCents >= 0 ? 'wl-amount--in' : 'wl-amount--out'}>{formatMoney(l.amountCents, { sign: true })}</div>
                <div className="wl-muted">{t('statement.balance', { amount: formatMoney(l.balanceAfterCents) })}</div>
              </div>
            </li>
          ))}
        </ul>
        <div className="wl-actions">
          {q.data?.statement.nextBefore != null && (
            <Button onClick={() => setBefore(q.data?.statement.nextBefore ?? null)} data-testid="statement-more">
              {t('statement.more')}
            </Button>
          )}
          {before !== null && <Button onClick={() => setBefore(null)}>{t('statement.latest')}</Button>}
          <a className="btn btn--ghost" href="/api/wallet/statement.csv" download data-testid="statement-csv">
            <DownloadOutlined aria-hidden="true" /> {t('statement.csv')}
          </a>
        </div>
      </section>
    </div>
  );
}

/**
 * The name of a statement line for this account: a company receives from a settlement only what a decided share gives
 * back; an agency receives its share of its roster's deals (decision 0044).
 */
function statementKind(userType: Me['userType'], kind: string): string {
  if (userType === 'company' && kind === 'deal_settle') return 'deal_settle_refund';
  if (userType === 'agency' && kind === 'deal_settle') return 'agency_share';
  if (userType === 'agency' && kind === 'deal_commission') return 'agency_share_commission';
  return kind;
}

function Balance({ label, cents, testId }: { label: string; cents: number | undefined; testId: string }) {
  return (
    <div>
      <div className="wl-balance__label">{label}</div>
      <div className="wl-balance__value" data-testid={testId}>
        {cents === undefined ? '—' : formatMoney(cents)}
      </div>
    </div>
  );
}

/** 待支付佣金: commissions the wallet could not cover at settlement; publishing waits for them */
function DueCommissions({ items }: { items: WalletResponse['dueCommissions'] }) {
  const { t } = useTranslation('money');
  const { apiErrorText } = useErrorText();
  const pay = usePayCommissions();
  const [error, setError] = useState<string | null>(null);
  const total = items.reduce((s, i) => s + i.amountCents, 0);
  return (
    <section className="wl-card wl-due" data-testid="wallet-due">
      <h2>{t('due.title')}</h2>
      <p className="wl-muted">{t('due.hint', { amount: formatMoney(total) })}</p>
      <ul className="wl-list">
        {items.map((i) => (
          <li key={i.dealId} className="wl-row">
            <div className="wl-row__main">
              <Link to={`/deal/${i.dealId}`}>{i.taskTitle}</Link>
            </div>
            <div className="wl-row__side">{formatMoney(i.amountCents)}</div>
          </li>
        ))}
      </ul>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      <div className="wl-actions">
        <Button
          type="primary"
          loading={pay.isPending}
          onClick={() => pay.mutate(undefined, { onSuccess: () => setError(null), onError: (e) => setError(apiErrorText(e, t('due.failed'))) })}
          data-testid="wallet-due-pay"
        >
          {t('due.pay')}
        </Button>
      </div>
    </section>
  );
}

function TopupSection({ refunds = false }: { refunds?: boolean }) {
  const { t } = useTranslation('money');
  const f = useFormat();
  const { apiErrorText, errorText } = useErrorText();
  const [amount, setAmount] = useState('');
  const offered = useQuery(topupMethodsQuery()).data;
  const methods = offered ?? [];
  const [chosen, setMethod] = useState<TopupMethod | null>(null);
  // the first method offered (Stripe when configured) until the company picks one; nothing is sent
  // before the methods are known (a quick submit used to go out as a bank transfer)
  const method: TopupMethod = chosen ?? methods[0] ?? 'bank_transfer';
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const create = useCreateTopup();
  const list = useQuery(topupsQuery(true));

  const submit = () => {
    if (!offered || methods.length === 0) return;
    const cents = parseDollars(amount);
    if (cents === null) return setError(errorText('MONEY_AMOUNT_INVALID'));
    if (cents < TOPUP_MIN_CENTS || cents > TOPUP_MAX_CENTS) return setError(errorText('MONEY_AMOUNT_RANGE'));
    setError(null);
    create.mutate(
      { amountCents: cents, method },
      {
        onSuccess: (tp) => {
          setAmount('');
          // Stripe: off to its Checkout page; it brings the company back to /wallet/topup-result
          if (tp.checkoutUrl) {
            setRedirecting(true);
            window.location.assign(tp.checkoutUrl);
          }
        },
        onError: (e) => setError(apiErrorText(e, t('topup.failed'))),
      },
    );
  };

  return (
    <>
      <section className="wl-card">
        <h2>{t('topup.title')}</h2>
        <form
          className="wl-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label>
            <div>{t('topup.amount')}</div>
            <Input
              prefix="$"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder={t('topup.amountPlaceholder')}
              data-testid="topup-amount"
              status={error ? 'error' : undefined}
            />
          </label>
          <div role="radiogroup" aria-label={t('topup.method')}>
            <div>{t('topup.method')}</div>
            <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as TopupMethod)}>
              {methods.map((m) => (
                <Radio key={m} value={m} data-testid={`topup-method-${m === 'bank_transfer' ? 'bank' : m}`}>
                  {t(`topup.methods.${m}`)}
                </Radio>
              ))}
            </Radio.Group>
          </div>
          <p className="wl-muted">{t(method === 'stripe' ? 'topup.stripeNote' : method === 'sandbox' ? 'topup.sandboxNote' : 'topup.bankNote')}</p>
          {error && <Alert type="error" showIcon title={error} data-testid="topup-error" />}
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending || redirecting}
            disabled={!offered || methods.length === 0}
            data-testid="topup-submit"
          >
            {redirecting ? t('topup.redirecting') : t('topup.submit')}
          </Button>
        </form>
      </section>
      <section className="wl-card" data-testid="wallet-topups">
        <h2>{t('topups.title')}</h2>
        {list.data && list.data.length === 0 && <p className="wl-muted">{t('topups.empty')}</p>}
        <ul className="wl-list">
          {list.data?.map((tp) => (
            <li key={tp.id} className="wl-row" data-testid="topup-row">
              <div className="wl-row__main">
                <div>
                  {t(`topup.methods.${tp.method}`)} <Tag color={STATUS_COLOR[tp.status]}>{t(`topups.statuses.${tp.status}`)}</Tag>
                </div>
                {tp.bankReference && tp.status === 'pending' && (
                  <div className="wl-code" data-testid="topup-reference">
                    {t('topups.reference', { code: tp.bankReference })}
                  </div>
                )}
                {tp.failureReason && tp.failureReason !== 'payment_failed' && (
                  <div className="wl-muted">{t('topups.reason', { reason: tp.failureReason })}</div>
                )}
                <time className="wl-muted wl-time" dateTime={tp.createdAt}>
                  {f.dateTime(tp.createdAt)}
                </time>
              </div>
              <div className="wl-row__side">
                <div>{formatMoney(tp.amountCents)}</div>
                {refunds && tp.method === 'stripe' && tp.status === 'succeeded' && <RefundButton topupId={tp.id} />}
                {tp.checkoutUrl ? (
                  <a href={tp.checkoutUrl} className="btn btn--primary btn--sm" data-testid="topup-pay">
                    {t('topup.payNow')}
                  </a>
                ) : (
                  tp.redirectUrl && (
                    <Link to={tp.redirectUrl} className="btn btn--primary btn--sm" data-testid="topup-pay">
                      {t('topup.payNow')}
                    </Link>
                  )
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>
      {refunds && <RefundRequests />}
    </>
  );
}
