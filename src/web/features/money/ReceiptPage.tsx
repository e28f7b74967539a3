import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PrinterOutlined } from '@ant-design/icons';
import { Loading, LoadFailed, NotFound } from '../../components/PageState';
import { isApiError } from '../../lib/api';
import { formatMoney, useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { receiptQuery } from './api';
import { MoneyGate } from './MoneyGate';
import './money.css';

/** /wallet/receipt/:id — one movement's receipt (收据), printable: what moved, where, and what for. */
export default function ReceiptPage() {
  const { t } = useTranslation('money');
  usePageTitle(t('receipt.title'));
  return <MoneyGate>{() => <Receipt />}</MoneyGate>;
}

function Receipt() {
  const { t } = useTranslation('money');
  const f = useFormat();
  const { id = '' } = useParams();
  const q = useQuery(receiptQuery(id));
  if (q.isPending) return <Loading />;
  if (q.isError) {
    const missing = isApiError(q.error) && (q.error.status === 404 || q.error.status === 400);
    const back = (
      <Link to="/wallet" className="btn btn--ghost">
        {t('receipt.back')}
      </Link>
    );
    return (
      <div className="container wl-page">
        {missing ? (
          <NotFound testId="receipt-not-found" title={t('receipt.notFound')} actions={back} />
        ) : (
          <LoadFailed testId="receipt" title={t('loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} actions={back} />
        )}
      </div>
    );
  }
  const r = q.data;
  const when = f.dateTime(r.at);
  return (
    <div className="container wl-page">
      <article className="wl-card wl-receipt" data-testid="receipt">
        <header className="wl-receipt__head">
          <h1>{t('receipt.title')}</h1>
          <span className="wl-muted">{t('receipt.number', { id: r.entryId.slice(0, 8).toUpperCase() })}</span>
        </header>
        <p className={`wl-receipt__amount ${r.myAmountCents >= 0 ? 'wl-amount--in' : 'wl-amount--out'}`} data-testid="receipt-amount">
          {formatMoney(r.myAmountCents, { sign: true })}
        </p>
        <dl className="wl-receipt__facts">
          <div>
            <dt>{t('receipt.kind')}</dt>
            <dd>{t(`statement.kinds.${r.kind}`, { defaultValue: r.kind })}</dd>
          </div>
          <div>
            <dt>{t('receipt.at')}</dt>
            <dd>{when}</dd>
          </div>
          {r.deal && (
            <div>
              <dt>{t('receipt.deal')}</dt>
              <dd>
                <Link to={`/deal/${r.deal.id}`}>{r.deal.title}</Link>
              </dd>
            </div>
          )}
          {r.task && (
            <div>
              <dt>{t('receipt.task')}</dt>
              <dd>
                <Link to={`/task/${r.task.id}`}>{r.task.title}</Link>
              </dd>
            </div>
          )}
          {r.reference && (
            <div>
              <dt>{t('receipt.reference')}</dt>
              <dd>{r.reference}</dd>
            </div>
          )}
        </dl>
        <h2 className="wl-receipt__sub">{t('receipt.lines')}</h2>
        <ul className="wl-list">
          {r.lines.map((l, i) => (
            <li key={i} className="wl-row">
              <div className="wl-row__main">
                {t(`receipt.accounts.${l.accountKind}`)}
                {l.mine && <span className="wl-receipt__mine">{t('receipt.mine')}</span>}
              </div>
              <div className={`wl-row__side ${l.amountCents >= 0 ? 'wl-amount--in' : 'wl-amount--out'}`}>{formatMoney(l.amountCents, { sign: true })}</div>
            </li>
          ))}
        </ul>
        <p className="wl-muted">{t('receipt.balanced')}</p>
        <div className="wl-actions wl-receipt__actions">
          <Link to="/wallet" className="btn btn--ghost">
            {t('receipt.back')}
          </Link>
          <button type="button" className="btn btn--primary" onClick={() => window.print()}>
            <PrinterOutlined aria-hidden="true" /> {t('receipt.print')}
          </button>
        </div>
      </article>
    </div>
  );
}
