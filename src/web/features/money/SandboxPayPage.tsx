import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { Loading, LoadFailed, NotFound } from '../../components/PageState';
import { useErrorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { topupsQuery, useSandboxPay } from './api';
import { MoneyGate } from './MoneyGate';
import './money.css';

/**
 * /wallet/sandbox-pay/:id — the sandbox provider's checkout, clearly a test payment (development only:
 * its button calls a dev route that sends the provider's signed notification to our webhook).
 */
export default function SandboxPayPage() {
  const { t } = useTranslation('money');
  usePageTitle(t('sandbox.title'));
  return <MoneyGate>{() => <Checkout />}</MoneyGate>;
}

function Checkout() {
  const { t } = useTranslation('money');
  const { apiErrorText } = useErrorText();
  const { id = '' } = useParams();
  const list = useQuery(topupsQuery(true));
  const pay = useSandboxPay();
  const [result, setResult] = useState<'succeeded' | 'failed' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tp = list.data?.find((x) => x.id === id && x.method === 'sandbox');
  if (list.isPending) return <Loading />;
  if (list.isError)
    return (
      <div className="container wl-page">
        <LoadFailed testId="sandbox" title={t('loadFailed')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      </div>
    );
  if (!tp)
    return (
      <div className="container wl-page">
        <NotFound
          testId="sandbox-not-found"
          title={t('sandbox.notFound')}
          actions={
            <Link to="/wallet" className="btn btn--primary">
              {t('sandbox.back')}
            </Link>
          }
        />
      </div>
    );

  const act = (outcome: 'succeeded' | 'failed') =>
    pay.mutate({ id, outcome }, { onSuccess: () => setResult(outcome), onError: (e) => setError(apiErrorText(e, t('topup.failed'))) });

  return (
    <div className="container wl-page">
      <section className="wl-card wl-sandbox" data-testid="sandbox-checkout">
        <span className="wl-sandbox__badge">{t('sandbox.badge')}</span>
        <h1 className="wl-head__title">{t('sandbox.title')}</h1>
        <p className="wl-muted">{t('sandbox.text')}</p>
        <p>
          {t('sandbox.amount')}: <strong data-testid="sandbox-amount">{formatMoney(tp.amountCents)}</strong>
        </p>
        {error && <Alert type="error" showIcon title={error} />}
        {result || tp.status !== 'pending' ? (
          <Alert
            type={result === 'failed' || tp.status === 'failed' ? 'warning' : 'success'}
            showIcon
            title={result === 'failed' || tp.status === 'failed' ? t('sandbox.failedDone') : t('sandbox.done')}
            data-testid="sandbox-result"
          />
        ) : (
          <div className="wl-actions">
            <Button type="primary" onClick={() => act('succeeded')} loading={pay.isPending} data-testid="sandbox-pay">
              {t('sandbox.pay')}
            </Button>
            <Button danger onClick={() => act('failed')} disabled={pay.isPending} data-testid="sandbox-fail">
              {t('sandbox.fail')}
            </Button>
          </div>
        )}
        <div className="wl-actions">
          <Link to="/wallet" className="btn btn--ghost" data-testid="sandbox-back">
            {t('sandbox.back')}
          </Link>
        </div>
      </section>
    </div>
  );
}
