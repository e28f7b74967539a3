import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App as AntApp, Button, Input, Modal, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { useAdminFormat } from '../format';
import { adminDisputesQuery, adminRefundsQuery, useDecideRefund } from '../../money/refundsApi';
import FinanceQueue from './FinanceQueue';

type AdminRefund = Schema<'AdminRefund'>;
type AdminStripeDispute = Schema<'AdminStripeDispute'>;
const COLOR: Record<string, string> = {
  requested: 'orange',
  approved: 'blue',
  succeeded: 'green',
  failed: 'red',
  rejected: 'default',
  open: 'orange',
  won: 'green',
  lost: 'red',
};

const who = (r: { companyName: string | null; email: string }) => (
  <span>
    {r.companyName ?? r.email}
    <br />
    <span className="adm-change">{r.email}</span>
  </span>
);

/** 财务 → 退款申请 (decision 0057): approve (Stripe returns the money) or reject with a reason. */
export function FinanceRefunds() {
  const { t } = useTranslation('money');
  const f = useAdminFormat();
  const { message } = AntApp.useApp();
  const { apiErrorText } = useErrorText();
  const [status, setStatus] = useState<'requested' | 'done'>('requested');
  const q = useQuery(adminRefundsQuery(status));
  const decide = useDecideRefund();
  const [rejecting, setRejecting] = useState<AdminRefund | null>(null);
  const [reason, setReason] = useState('');
  const run = (id: string, action: 'approve' | 'reject', why?: string) =>
    decide.mutateAsync({ id, action, reason: why }).then(
      () => {
        void message.success(action === 'approve' ? t('refunds.admin.approved') : t('refunds.admin.rejected'));
        setRejecting(null);
        setReason('');
      },
      (e: unknown) => void message.error(apiErrorText(e, t('refunds.failed'))),
    );
  const columns: ColumnsType<AdminRefund> = [
    { title: t('finance.columns.company'), key: 'company', render: (_: unknown, r) => who(r) },
    { title: t('refunds.admin.amount'), dataIndex: 'amountCents', align: 'right', render: (c: number) => <strong>{formatMoney(c)}</strong> },
    { title: t('refunds.admin.topup'), dataIndex: 'topupAmountCents', align: 'right', responsive: ['md'], render: (c: number) => formatMoney(c) },
    { title: t('finance.columns.createdAt'), dataIndex: 'createdAt', responsive: ['md'], render: (v: string) => f.dateTime(v) },
    { title: t('finance.columns.status'), dataIndex: 'status', render: (s: AdminRefund['status']) => <Tag color={COLOR[s]}>{t(`refunds.statuses.${s}`)}</Tag> },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, r) =>
        r.status === 'requested' && (
          <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
            <Popconfirm
              title={t('refunds.admin.approveTitle', { amount: formatMoney(r.amountCents) })}
              okText={t('finance.ok')}
              cancelText={t('finance.cancel')}
              onConfirm={() => run(r.id, 'approve')}
            >
              <Button type="primary" size="small" data-testid="refund-approve">
                {t('refunds.admin.approve')}
              </Button>
            </Popconfirm>
            <Button size="small" danger onClick={() => setRejecting(r)} data-testid="refund-reject">
              {t('finance.reject')}
            </Button>
          </span>
        ),
    },
  ];
  return (
    <>
      <FinanceQueue<AdminRefund, 'requested' | 'done'>
        title={t('refunds.admin.title')}
        hint={t('refunds.admin.hint')}
        status={status}
        onStatus={setStatus}
        options={[
          { value: 'requested', label: t('finance.pending') },
          { value: 'done', label: t('finance.done') },
        ]}
        rows={q.data}
        loading={q.isPending}
        columns={columns}
        empty={t('refunds.admin.empty')}
        testId="finance-refunds"
      />
      <Modal
        open={rejecting !== null}
        title={t('refunds.admin.rejectTitle')}
        okText={t('finance.reject')}
        cancelText={t('finance.cancel')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: decide.isPending }}
        onOk={() => rejecting && run(rejecting.id, 'reject', reason)}
        onCancel={() => setRejecting(null)}
      >
        <Input.TextArea value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} placeholder={t('finance.reasonPlaceholder')} />
      </Modal>
    </>
  );
}

/** 财务 → 拒付（争议）: the open Stripe disputes with their evidence deadline, nearest first, or the closed ones. */
export function FinanceDisputes() {
  const { t } = useTranslation('money');
  const f = useAdminFormat();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const q = useQuery(adminDisputesQuery(status));
  const columns: ColumnsType<AdminStripeDispute> = [
    { title: t('finance.columns.company'), key: 'company', render: (_: unknown, r) => who(r) },
    { title: t('disputes.amount'), dataIndex: 'amountCents', align: 'right', render: (c: number) => <strong>{formatMoney(c)}</strong> },
    { title: t('disputes.debt'), dataIndex: 'debtCents', align: 'right', render: (c: number) => (c > 0 ? formatMoney(c) : '—') },
    { title: t('disputes.dueBy'), dataIndex: 'evidenceDueBy', render: (v: string | null) => (v ? f.dateTime(v) : '—') },
    { title: t('disputes.reference'), dataIndex: 'providerRef', responsive: ['md'], render: (v: string) => <code>{v}</code> },
    {
      title: t('finance.columns.status'),
      dataIndex: 'status',
      render: (s: AdminStripeDispute['status']) => <Tag color={COLOR[s]}>{t(`disputes.statuses.${s}`)}</Tag>,
    },
  ];
  return (
    <FinanceQueue<AdminStripeDispute, 'open' | 'closed'>
      title={t('disputes.title')}
      hint={t('disputes.hint')}
      status={status}
      onStatus={setStatus}
      options={[
        { value: 'open', label: t('disputes.open') },
        { value: 'closed', label: t('disputes.closed') },
      ]}
      rows={q.data}
      loading={q.isPending}
      columns={columns}
      empty={t('disputes.empty')}
      testId="finance-disputes"
    />
  );
}
