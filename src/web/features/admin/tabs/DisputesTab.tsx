import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Segmented, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { adminDisputesQuery } from '../api';

type AdminDispute = Schema<'AdminDispute'>;

const PAGE_SIZE = 20;
const OUTCOME_COLOR: Record<AdminDispute['outcome'], string> = { open: 'orange', withdrawn: 'default', completed: 'green', partial: 'blue', cancelled: 'red' };

/** 纠纷处理: open disputes oldest first, each one's age against the 24-hour promise; decided on the deal page. */
export default function DisputesTab() {
  const { t } = useTranslation('adminTasks');
  const { apiErrorText } = useErrorText();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [page, setPage] = useState(1);
  const q = useQuery(adminDisputesQuery({ status, page, limit: PAGE_SIZE }));

  const columns: ColumnsType<AdminDispute> = [
    { title: t('disputes.columns.task'), dataIndex: 'taskTitle', render: (v: string) => <span data-testid="dispute-task">{v}</span> },
    {
      title: t('disputes.columns.parties'),
      key: 'parties',
      responsive: ['md'],
      render: (_: unknown, d) => (
        <span>
          {d.company}
          <br />
          <span className="adm-change">{d.influencer}</span>
        </span>
      ),
    },
    { title: t('disputes.columns.reason'), dataIndex: 'reason', render: (r: AdminDispute['reason']) => t(`disputes.reasons.${r}`) },
    { title: t('disputes.columns.openedBy'), dataIndex: 'openedBy', responsive: ['md'], render: (s: AdminDispute['openedBy']) => t(`disputes.sides.${s}`) },
    {
      title: t('disputes.columns.age'),
      key: 'age',
      render: (_: unknown, d) => (
        <span data-testid="dispute-age" data-overdue={d.overdue}>
          {t('disputes.hours', { n: d.ageHours })} {d.overdue && d.outcome === 'open' && <Tag color="red">{t('disputes.overdue')}</Tag>}
        </span>
      ),
    },
    {
      title: t('disputes.columns.answer'),
      key: 'answer',
      responsive: ['md'],
      render: (_: unknown, d) => (d.answeredAt ? t('disputes.answered') : t('disputes.unanswered')),
    },
    {
      title: t('disputes.columns.outcome'),
      dataIndex: 'outcome',
      render: (o: AdminDispute['outcome']) => <Tag color={OUTCOME_COLOR[o]}>{t(`disputes.outcomes.${o}`)}</Tag>,
    },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, d) => (
        <Link to={`/deal/${d.dealId}`} className="ant-btn ant-btn-sm" data-testid="dispute-open">
          {d.outcome === 'open' ? t('disputes.view') : t('disputes.viewClosed')}
        </Link>
      ),
    },
  ];

  return (
    <div data-testid="admin-disputes">
      <p className="adm-change">{t('disputes.promise')}</p>
      <div className="adm-toolbar">
        <Segmented<'open' | 'closed'>
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[
            { value: 'open', label: t('disputes.open') },
            { value: 'closed', label: t('disputes.closed') },
          ]}
        />
        {q.data && (
          <span data-testid="disputes-counts">
            {t('disputes.openCount', { n: q.data.openCount })} · {t('disputes.overdueCount', { n: q.data.overdueCount })}
          </span>
        )}
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('refresh', { ns: 'admin' })}
        </Button>
      </div>
      {q.isError && <Alert type="error" showIcon title={apiErrorText(q.error, t('disputes.failed'))} style={{ marginBottom: 12 }} />}
      <Table<AdminDispute>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.items ?? []}
        loading={q.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('disputes.empty') }}
        onRow={() => ({ 'data-testid': 'dispute-row' }) as React.HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </div>
  );
}
