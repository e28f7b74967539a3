import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App as AntApp, Button, Input, Modal, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { useAdminFormat } from '../format';
import { PAYOUT_STATUS_COLOR } from '../../money/PayoutsSection';
import { adminPayoutsQuery, payoutDestination, useDecidePayout } from '../../money/payoutsApi';
import FinanceQueue from './FinanceQueue';

type AdminPayout = Schema<'AdminPayout'>;

type Deciding = { payout: AdminPayout; outcome: 'paid' | 'reject' };

/** 财务 → 提现申请: requested payouts oldest first; mark paid with the bank's reference, or return with a reason. */
export default function FinancePayouts() {
  const { t } = useTranslation('payouts');
  const f = useAdminFormat();
  const { message } = AntApp.useApp();
  const { apiErrorText } = useErrorText();
  const [status, setStatus] = useState<'requested' | 'done'>('requested');
  const q = useQuery(adminPayoutsQuery(status));
  const decide = useDecidePayout();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [text, setText] = useState('');

  const close = () => {
    setDeciding(null);
    setText('');
  };
  const run = () => {
    if (!deciding) return;
    decide.mutateAsync({ id: deciding.payout.id, outcome: deciding.outcome, text }).then(
      () => {
        void message.success(deciding.outcome === 'paid' ? t('finance.paid') : t('finance.rejected'));
        close();
      },
      (e: unknown) => void message.error(apiErrorText(e, t('finance.failed'))),
    );
  };
  const typeLabel = (u: string) => (u === 'company' || u === 'influencer' ? t(`finance.userTypes.${u}`) : u);

  const columns: ColumnsType<AdminPayout> = [
    {
      title: t('finance.columns.user'),
      key: 'user',
      render: (_: unknown, r) => (
        <span>
          {r.name ?? r.email} <Tag>{typeLabel(r.userType)}</Tag>
          <br />
          <span className="adm-change">{r.email}</span>
        </span>
      ),
    },
    {
      title: t('finance.columns.bank'),
      key: 'bank',
      render: (_: unknown, r) => (
        <span>
          <code data-testid="finance-payout-bank">{payoutDestination(r)}</code>
          <br />
          <span className="adm-change">{r.bank ? r.bank.holderName : t('finance.stripeAutomatic')}</span>
        </span>
      ),
    },
    { title: t('finance.columns.amount'), dataIndex: 'amountCents', align: 'right', render: (c: number) => <strong>{formatMoney(c)}</strong> },
    { title: t('finance.columns.createdAt'), dataIndex: 'createdAt', responsive: ['md'], render: (v: string) => f.dateTime(v) },
    { title: t('finance.columns.expectedBy'), dataIndex: 'expectedBy', responsive: ['sm'], render: (v: string) => f.day(v) },
    {
      title: t('finance.columns.status'),
      dataIndex: 'status',
      render: (s: AdminPayout['status'], r) => (
        <span>
          <Tag color={PAYOUT_STATUS_COLOR[s]}>{t(`list.statuses.${s}`)}</Tag>
          {r.reference && <div className="adm-change">{t('list.reference', { reference: r.reference })}</div>}
          {r.rejectReason && <div className="adm-change">{r.rejectReason}</div>}
        </span>
      ),
    },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, r) =>
        r.status === 'requested' && (
          <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
            {/* a Stripe payout is paid by its transfer only; finance may return one the worker gave up on (decision 0058) */}
            {r.method === 'bank' && (
              <Button type="primary" size="small" onClick={() => setDeciding({ payout: r, outcome: 'paid' })} data-testid="finance-payout-paid">
                {t('finance.markPaid')}
              </Button>
            )}
            <Button size="small" danger onClick={() => setDeciding({ payout: r, outcome: 'reject' })} data-testid="finance-payout-reject">
              {t('finance.reject')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <div data-testid="finance-payouts" style={{ marginTop: 24 }}>
      <FinanceQueue<AdminPayout, 'requested' | 'done'>
        title={t('finance.title')}
        hint={t('finance.hint')}
        status={status}
        onStatus={setStatus}
        options={[
          { value: 'requested', label: t('finance.requested') },
          { value: 'done', label: t('finance.done') },
        ]}
        rows={q.data}
        loading={q.isPending}
        columns={columns}
        empty={t('finance.empty')}
        testId="finance-payouts-table"
      />
      <Modal
        open={deciding !== null}
        title={
          deciding?.outcome === 'paid'
            ? t('finance.paidTitle', { amount: formatMoney(deciding.payout.amountCents), bank: payoutDestination(deciding.payout) })
            : t('finance.rejectTitle')
        }
        okText={deciding?.outcome === 'paid' ? t('finance.markPaid') : t('finance.reject')}
        cancelText={t('finance.cancel')}
        okButtonProps={{ danger: deciding?.outcome === 'reject', disabled: text.trim() === '', loading: decide.isPending }}
        onOk={run}
        onCancel={close}
        destroyOnHidden
      >
        {deciding?.outcome === 'paid' ? (
          <Input
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('finance.referencePlaceholder')}
            data-testid="finance-payout-reference"
          />
        ) : (
          <Input.TextArea
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('finance.reasonPlaceholder')}
            data-testid="finance-payout-reason"
          />
        )}
      </Modal>
    </div>
  );
}
