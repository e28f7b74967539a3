import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App as AntApp, Button, DatePicker, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { useAdminFormat } from '../format';
import { reconciliationDayQuery, reconciliationsQuery, useRunReconciliation } from '../../money/refundsApi';

type Day = Schema<'AdminReconciliation'>;
type Difference = Schema<'AdminReconciliationDifference'>;
const COLOR: Record<Day['status'], string> = { matched: 'green', differences: 'red', failed: 'orange' };
const cents = (c: number | null) => (c === null ? '—' : formatMoney(c));

/** 财务 → Stripe 对账 (decision 0059): the days reconciled, each day's differences, and a day reconciled on demand. */
export function FinanceReconcile() {
  const { t } = useTranslation('money');
  const f = useAdminFormat();
  const { apiErrorText } = useErrorText();
  const { message } = AntApp.useApp();
  const list = useQuery(reconciliationsQuery());
  const runIt = useRunReconciliation();
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const run = (day: string) =>
    runIt.mutate(day, {
      onSuccess: (r) => {
        void message.success(t('reconcile.ran', { day: r.reconciliation.day }));
        if (r.reconciliation.status === 'differences') setOpen(r.reconciliation.day);
      },
      onError: (e: unknown) => void message.error(apiErrorText(e, t('reconcile.failed'))),
    });

  const columns: ColumnsType<Day> = [
    { title: t('reconcile.day'), dataIndex: 'day', render: (d: string) => <strong>{d}</strong> },
    {
      title: t('reconcile.status'),
      dataIndex: 'status',
      render: (s: Day['status'], r) => (
        <Tag color={COLOR[s]} title={r.error ?? undefined}>
          {s === 'differences' ? t('reconcile.differences', { count: r.differences }) : t(`reconcile.statuses.${s}`)}
        </Tag>
      ),
    },
    { title: t('reconcile.transactions'), dataIndex: 'transactions', align: 'right' },
    { title: t('reconcile.matchedCount'), dataIndex: 'matched', align: 'right', responsive: ['md'] },
    { title: t('reconcile.outside'), dataIndex: 'outside', align: 'right', responsive: ['md'] },
    { title: t('reconcile.net'), dataIndex: 'providerNetCents', align: 'right', responsive: ['md'], render: (c: number) => formatMoney(c) },
    {
      title: t('reconcile.ranBy'),
      key: 'ranBy',
      responsive: ['lg'],
      render: (_: unknown, r) => (
        <span>
          {r.ranByEmail ?? t('reconcile.job')}
          <br />
          <span className="adm-change">{f.dateTime(r.ranAt)}</span>
        </span>
      ),
    },
    {
      key: 'actions',
      render: (_: unknown, r) => (
        <Space wrap>
          {r.status === 'differences' && (
            <Button size="small" onClick={() => setOpen(r.day)} data-testid={`reconcile-open-${r.day}`}>
              {t('reconcile.show')}
            </Button>
          )}
          <Button size="small" loading={runIt.isPending && runIt.variables === r.day} onClick={() => run(r.day)}>
            {t('reconcile.rerun')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <h2>{t('reconcile.title')}</h2>
      <Alert type="info" showIcon title={t('reconcile.hint')} style={{ marginBottom: 12 }} />
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker
          value={picked}
          onChange={setPicked}
          disabledDate={(d) => d.valueOf() > Date.now()}
          placeholder={t('reconcile.day')}
          aria-label={t('reconcile.runDay')}
          data-testid="reconcile-day"
        />
        <Button
          type="primary"
          disabled={!picked}
          loading={runIt.isPending}
          onClick={() => picked && run(picked.format('YYYY-MM-DD'))}
          data-testid="reconcile-run"
        >
          {t('reconcile.run')}
        </Button>
      </Space>
      <Table<Day>
        rowKey="day"
        size="small"
        loading={list.isPending}
        columns={columns}
        dataSource={list.data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('reconcile.empty') }}
        data-testid="finance-reconciliations"
      />
      <Modal open={open !== null} title={open ? t('reconcile.differencesOf', { day: open }) : ''} footer={null} onCancel={() => setOpen(null)} width={900}>
        {open && <DayDifferences day={open} />}
      </Modal>
    </>
  );
}

function DayDifferences({ day }: { day: string }) {
  const { t } = useTranslation('money');
  const q = useQuery(reconciliationDayQuery(day));
  const columns: ColumnsType<Difference> = [
    { title: t('reconcile.status'), dataIndex: 'kind', render: (k: Difference['kind']) => <Tag color="red">{t(`reconcile.kinds.${k}`)}</Tag> },
    { title: t('reconcile.object'), dataIndex: 'objectType', render: (o: Difference['objectType']) => t(`reconcile.objects.${o}`) },
    { title: t('reconcile.provider'), dataIndex: 'providerCents', align: 'right', render: cents },
    { title: t('reconcile.books'), dataIndex: 'bookCents', align: 'right', render: cents },
    {
      title: t('reconcile.reference'),
      key: 'ref',
      render: (_: unknown, d) => (
        <span>
          <code>{d.sourceRef ?? '—'}</code>
          {d.transactionRef && (
            <>
              <br />
              <code className="adm-change">{d.transactionRef}</code>
            </>
          )}
        </span>
      ),
    },
    { title: t('reconcile.note'), dataIndex: 'note', responsive: ['md'] },
  ];
  return (
    <Table<Difference>
      rowKey="id"
      size="small"
      loading={q.isPending}
      columns={columns}
      dataSource={q.data?.items ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('reconcile.noDifferences') }}
      data-testid="reconcile-differences"
    />
  );
}
