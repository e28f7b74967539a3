import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Tag } from 'antd';
import { useErrorText } from '../../lib/errors';
import { maskedStripe, stripeAccountQuery, useLinkStripeAccount, useRefreshStripeAccount } from './payoutsApi';

const STATUS_COLOR = { not_linked: 'default', onboarding: 'orange', enabled: 'green' } as const;

/**
 * /wallet → Stripe 收款账户 (influencers and agencies, only where Stripe is configured; decision 0058): link a Stripe
 * Express account through Stripe's onboarding, see whether payouts can go to it. Stripe brings the person back to
 * /wallet?connect=return (the state is read again) or /wallet?connect=refresh (an expired link: a new one is opened).
 */
export default function StripeConnect() {
  const { t } = useTranslation('payouts');
  const { apiErrorText } = useErrorText();
  const q = useQuery(stripeAccountQuery(true));
  const link = useLinkStripeAccount();
  const refresh = useRefreshStripeAccount();
  const [params, setParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const handled = useRef(false);

  const open = () => {
    setError(null);
    link.mutate(undefined, {
      onSuccess: (r) => {
        setRedirecting(true);
        window.location.assign(r.url);
      },
      onError: (e) => setError(apiErrorText(e, t('stripe.failed'))),
    });
  };

  // back from Stripe: once per visit, then the query parameter is dropped
  const connect = params.get('connect');
  const offered = q.data?.offered === true;
  useEffect(() => {
    if (!offered || handled.current || (connect !== 'return' && connect !== 'refresh')) return;
    handled.current = true;
    const next = new URLSearchParams(params);
    next.delete('connect');
    setParams(next, { replace: true });
    if (connect === 'refresh') open();
    else refresh.mutate(undefined, { onError: (e) => setError(apiErrorText(e, t('stripe.failed'))) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the return from Stripe
  }, [offered, connect]);

  if (!q.data?.offered) return null;
  const { status, accountId } = q.data;
  return (
    <section className="wl-card" data-testid="stripe-connect">
      <h2>{t('stripe.title')}</h2>
      <div>
        {accountId && <span className="wl-code">{maskedStripe(accountId)} </span>}
        <Tag color={STATUS_COLOR[status]} data-testid="stripe-connect-status">
          {t(`stripe.statuses.${status}`)}
        </Tag>
      </div>
      <p className="wl-muted">{t(`stripe.hints.${status}`)}</p>
      {error && <Alert type="error" showIcon title={error} role="alert" data-testid="stripe-connect-error" />}
      {status !== 'enabled' && (
        <div className="wl-actions">
          <Button type="primary" onClick={open} loading={link.isPending || redirecting} data-testid="stripe-connect-link">
            {status === 'not_linked' ? t('stripe.link') : t('stripe.continue')}
          </Button>
          {status === 'onboarding' && (
            <Button onClick={() => refresh.mutate(undefined, { onError: (e) => setError(apiErrorText(e, t('stripe.failed'))) })} loading={refresh.isPending}>
              {t('stripe.check')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
