import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App as AntApp, Button, Input, Modal, Popconfirm, Segmented, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { dollars } from '@shared/money';
import type { AdminTopup } from '@shared/schemas/money';
import { useErrorText } from '../../../lib/errors';
import { adminTopupsQuery, useDecideTransfer } from '../../money/api';

const STATUS_COLOR: Record<AdminTopup['status'], string> = { pending: 'orange', succeeded: 'green', failed: 'red', cancelled: 'default' };

/** 财务: bank transfers waiting for confirmation (oldest first): confirm (the money moves) or reject with a reason. */
export default function FinanceTab() {
  const { t } = useTranslation('money');
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
    { title: t('finance.columns.company'), key: 'company', render: (_: unknown, r) => <span>{r.companyName ?? r.email}<br /><span className="adm-change">{r.email}</span></span> },
    { title: t('finance.columns.reference'), dataIndex: 'bankReference', render: (v: string) => <code data-testid="finance-reference">{v}</code> },
    { title: t('finance.columns.amount'), dataIndex: 'amountCents', align: 'right', render: (c: number) => <strong>{dollars(c)}</strong> },
    { title: t('finance.columns.createdAt'), dataIndex: 'createdAt', responsive: ['md'], render: (v: string) => new Date(v).toLocaleString() },
    { title: t('finance.columns.status'), dataIndex: 'status', render: (s: AdminTopup['status']) => <Tag color={STATUS_COLOR[s]}>{t(`topups.statuses.${s}`)}</Tag> },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, r) =>
        r.status === 'pending' && (
          <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
            <Popconfirm title={t('finance.confirmTitle', { amount: dollars(r.amountCents), code: r.bankReference })} okText={t('finance.ok')} cancelText={t('finance.cancel')} onConfirm={() => run(r.id, 'confirm')}>
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
      <h2>{t('finance.title')}</h2>
      <Alert type="info" showIcon title={t('finance.hint')} style={{ marginBottom: 12 }} />
      <Segmented
        value={status}
        onChange={(v) => setStatus(v as 'pending' | 'done')}
        options={[
          { value: 'pending', label: t('finance.pending') },
          { value: 'done', label: t('finance.done') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Table<AdminTopup>
        rowKey="id"
        size="small"
        loading={q.isPending}
        columns={columns}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('finance.empty') }}
        data-testid="finance-table"
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
        <Input.TextArea value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} placeholder={t('finance.reasonPlaceholder')} data-testid="finance-reason" />
      </Modal>
    </div>
  );
}
