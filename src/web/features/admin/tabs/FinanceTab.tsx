import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App as AntApp, Button, Input, Modal, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { useAdminFormat } from '../format';
import { adminTopupsQuery, useDecideTransfer } from '../../money/api';
import FinanceLedger from './FinanceLedger';
import FinanceOverview from './FinanceOverview';
import FinancePayouts from './FinancePayouts';
import { FinanceDisputes, FinanceRefunds } from './FinanceRefunds';
import { FinanceReconcile } from './FinanceReconcile';
import FinanceQueue from './FinanceQueue';

type AdminTopup = Schema<'AdminTopup'>;

const STATUS_COLOR: Record<AdminTopup['status'], string> = { pending: 'orange', succeeded: 'green', failed: 'red', cancelled: 'default' };

/**
 * 财务: the books at a glance (资金总览), bank transfers waiting for confirmation (oldest first): confirm
 * (the money moves) or reject with a reason, the payouts, and 账本查询.
 */
export default function FinanceTab() {
  const { t } = useTranslation('money');
  const f = useAdminFormat();
  const { message } = AntApp.useApp();
  const { apiErrorText } = useErrorText();
  const [status, setStatus] = useState<'pending' | 'done'>('pending');
  const q = useQuery(adminTopupsQuery(status));
  const decide = useDecideTransfer();
  const [rejecting, setRejecting] = useState<AdminTopup | null>(null);
  const [reason, setReason] = useState('');

  const run = (id: string, action: 'confirm' | 'reject', why?: string) =>
    decide.mutateAsync({ id, action, reason: why }).then(
      () => {
        void message.success(action === 'confirm' ? t('finance.confirmed') : t('finance.rejected'));
        setRejecting(null);
        setReason('');
      },
      (e: unknown) => void message.error(apiErrorText(e, t('finance.failed'))),
    );

  const columns: ColumnsType<AdminTopup> = [
    {
      title: t('finance.columns.company'),
      key: 'company',
      render: (_: unknown, r) => (
        <span>
          {r.companyName ?? r.email}
          <br />
          <span className="adm-change">{r.email}</span>
        </span>
      ),
    },
    { title: t('finance.columns.reference'), dataIndex: 'bankReference', render: (v: string) => <code data-testid="finance-reference">{v}</code> },
    { title: t('finance.columns.amount'), dataIndex: 'amountCents', align: 'right', render: (c: number) => <strong>{formatMoney(c)}</strong> },
    { title: t('finance.columns.createdAt'), dataIndex: 'createdAt', responsive: ['md'], render: (v: string) => f.dateTime(v) },
    {
      title: t('finance.columns.status'),
      dataIndex: 'status',
      render: (s: AdminTopup['status']) => <Tag color={STATUS_COLOR[s]}>{t(`topups.statuses.${s}`)}</Tag>,
    },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, r) =>
        r.status === 'pending' && (
          <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
            <Popconfirm
              title={t('finance.confirmTitle', { amount: formatMoney(r.amountCents), code: r.bankReference })}
              okText={t('finance.ok')}
              cancelText={t('finance.cancel')}
              onConfirm={() => run(r.id, 'confirm')}
            >
              <Button type="primary" size="small" data-testid="finance-confirm">
                {t('finance.confirm')}
              </Button>
            </Popconfirm>
            <Button size="small" danger onClick={() => setRejecting(r)} data-testid="finance-reject">
              {t('finance.reject')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <div>
      <FinanceOverview />
      <FinanceQueue<AdminTopup, 'pending' | 'done'>
        title={t('finance.title')}
        hint={t('finance.hint')}
        status={status}
        onStatus={setStatus}
        options={[
          { value: 'pending', label: t('finance.pending') },
          { value: 'done', label: t('finance.done') },
        ]}
        rows={q.data}
        loading={q.isPending}
        columns={columns}
        empty={t('finance.empty')}
        testId="finance-table"
      />
      <Modal
        open={rejecting !== null}
        title={t('finance.rejectTitle')}
        okText={t('finance.reject')}
        cancelText={t('finance.cancel')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: decide.isPending }}
        onOk={() => rejecting && run(rejecting.id, 'reject', reason)}
        onCancel={() => setRejecting(null)}
      >
        <Input.TextArea
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('finance.reasonPlaceholder')}
          data-testid="finance-reason"
        />
      </Modal>
      <FinancePayouts />
      <FinanceRefunds />
      <FinanceDisputes />
      <FinanceReconcile />
      <FinanceLedger />
    </div>
  );
}
