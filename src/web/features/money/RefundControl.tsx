/**
 * 申请退款 beside each refundable Stripe top-up on /wallet (decision 0057): the most that can be asked back is
 * min(what is left of the top-up, the available balance); the company's requests and their state below the top-ups.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Modal, Tag, type ButtonProps } from 'antd';
import { formatCents, parseDollars } from '@shared/money';
import { useErrorText } from '../../lib/errors';
import { formatMoney, useFormat } from '../../lib/format';
import { refundableTopupsQuery, useRequestRefund, walletRefundsQuery } from './refundsApi';

const COLOR: Record<string, string> = { requested: 'orange', approved: 'blue', succeeded: 'green', failed: 'red', rejected: 'default' };

export function RefundButton({ topupId }: { topupId: string }) {
  const { t } = useTranslation('money');
  const { apiErrorText, errorText } = useErrorText();
  const q = useQuery(refundableTopupsQuery());
  const ask = useRequestRefund();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const r = q.data?.find((x) => x.topupId === topupId);
  if (!r || r.refundableCents <= 0) return null;
  const submit = () => {
    const cents = parseDollars(amount);
    if (cents === null || cents <= 0) return setError(errorText('MONEY_AMOUNT_INVALID'));
    if (cents > r.refundableCents) return setError(errorText('REFUND_OVER_REFUNDABLE'));
    setError(null);
    ask.mutate({ topupId, amountCents: cents }, { onSuccess: () => setOpen(false), onError: (e) => setError(apiErrorText(e, t('refunds.failed'))) });
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setAmount(formatCents(r.refundableCents).replace(/,/g, ''));
          setError(null);
          setOpen(true);
        }}
        data-testid="refund-open"
      >
        {t('refunds.ask')}
      </Button>
      <Modal
        open={open}
        title={t('refunds.title')}
        okText={t('refunds.submit')}
        cancelText={t('refunds.cancel')}
        okButtonProps={{ loading: ask.isPending, 'data-testid': 'refund-submit' } as ButtonProps}
        onOk={submit}
        onCancel={() => setOpen(false)}
      >
        <p className="wl-muted">{t('refunds.max', { amount: formatMoney(r.refundableCents), left: formatMoney(r.leftCents) })}</p>
        <Input prefix="$" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="refund-amount" />
        <p className="wl-muted">{t('refunds.note')}</p>
        {error && <Alert type="error" showIcon title={error} data-testid="refund-error" />}
      </Modal>
    </>
  );
}

/** the company's refund requests, newest first */
export function RefundRequests() {
  const { t } = useTranslation('money');
  const f = useFormat();
  const q = useQuery(walletRefundsQuery());
  const items = q.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className="wl-card" data-testid="wallet-refunds">
      <h2>{t('refunds.listTitle')}</h2>
      <ul className="wl-list">
        {items.map((r) => (
          <li key={r.id} className="wl-row" data-testid="refund-row">
            <div className="wl-row__main">
              <Tag color={COLOR[r.status]}>{t(`refunds.statuses.${r.status}`)}</Tag>
              {r.rejectReason && <div className="wl-muted">{t('refunds.reason', { reason: r.rejectReason })}</div>}
              <time className="wl-muted wl-time" dateTime={r.createdAt}>
                {f.dateTime(r.createdAt)}
              </time>
            </div>
            <div className="wl-row__side">{formatMoney(r.amountCents)}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
