import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Loading, LoadFailed, NotFound } from '../../components/PageState';
import { isApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { topupQuery } from './api';
import { MoneyGate } from './MoneyGate';
import './money.css';

/**
 * /wallet/topup-result?topup=<id>[&cancelled=1] — where Stripe's Checkout brings the company back (decision 0055).
 * It reads the top-up's own status (re-read while pending: the webhook may arrive a moment after the return);
 * the return itself proves nothing — only the signed notification moves money.
 */
export default function TopupResultPage() {
  const { t } = useTranslation('money');
  usePageTitle(t('result.title'));
  return <MoneyGate>{() => <Result />}</MoneyGate>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Result() {
  const { t } = useTranslation('money');
  const [params] = useSearchParams();
  const id = params.get('topup') ?? '';
  const cancelled = params.get('cancelled') === '1';
  const q = useQuery({ ...topupQuery(id), enabled: UUID.test(id) });
  const back = (
    <Link to="/wallet" className="btn btn--ghost" data-testid="topup-result-back">
      {t('result.back')}
    </Link>
  );
  if (!UUID.test(id) || (q.isError && isApiError(q.error) && q.error.status === 404))
    return (
      <div className="container wl-page">
        <NotFound testId="topup-result-not-found" title={t('result.notFound')} actions={back} />
      </div>
    );
  if (q.isPending) return <Loading />;
  if (q.isError)
    return (
      <div className="container wl-page">
        <LoadFailed testId="topup-result" title={t('loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      </div>
    );
  const tp = q.data;
  const state = tp.status === 'succeeded' ? 'succeeded' : tp.status === 'pending' ? (cancelled ? 'cancelled' : 'pending') : 'failed';
  const type = state === 'succeeded' ? 'success' : state === 'pending' ? 'info' : 'warning';
  return (
    <div className="container wl-page">
      <section className="wl-card" data-testid="topup-result" data-status={state}>
        <h1 className="wl-head__title">{t('result.title')}</h1>
        <p>
          <strong data-testid="topup-result-amount">{formatMoney(tp.amountCents)}</strong> · {t(`topup.methods.${tp.method}`)}
        </p>
        <Alert
          type={type}
          showIcon
          title={t(`result.${state}`)}
          description={t(`result.${state}Hint`, { amount: formatMoney(tp.amountCents) })}
          data-testid="topup-result-status"
        />
        <div className="wl-actions">
          {state === 'cancelled' && tp.checkoutUrl && (
            <a href={tp.checkoutUrl} className="btn btn--primary" data-testid="topup-result-pay">
              {t('result.payAgain')}
            </a>
          )}
          {back}
        </div>
      </section>
    </div>
  );
}
