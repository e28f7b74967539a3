import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { auditQuery } from '../api';
import { useAdminFormat } from '../format';
import { useAuditLabel } from './auditLabels';

type AuditEntry = Schema<'AuditEntry'>;

const PAGE_SIZE = 20;
const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v, null, 1));

/** 审计日志: every admin action with who, when, what, the target and before/after; searchable, paginated. */
export default function AuditTab() {
  const { t } = useTranslation('admin');
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const label = useAuditLabel();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery(auditQuery({ search: search || undefined, page, limit: PAGE_SIZE }));

  const columns: ColumnsType<AuditEntry> = [
    { title: t('audit.columns.time'), dataIndex: 'createdAt', render: (v: string) => f.dateTime(v), width: 150 },
    { title: t('audit.columns.admin'), dataIndex: 'adminEmail', render: (v: string | null) => v ?? t('audit.system') },
    { title: t('audit.columns.action'), dataIndex: 'actionType', render: (v: string) => <span data-testid="audit-action">{label(v)}</span> },
    { title: t('audit.columns.description'), dataIndex: 'description' },
    {
      title: t('audit.columns.target'),
      key: 'target',
      render: (_: unknown, e) => (e.targetType ? `${e.targetType}${e.targetId ? ` · ${e.targetId}` : ''}` : ''),
      responsive: ['lg'],
    },
    {
      title: t('audit.columns.changes'),
      key: 'changes',
      render: (_: unknown, e) =>
        e.before || e.after ? (
          <div>
            {e.before !== null && (
              <pre className="adm-json">
                {t('audit.before')}: {show(e.before)}
              </pre>
            )}
            {e.after !== null && (
              <pre className="adm-json">
                {t('audit.after')}: {show(e.after)}
              </pre>
            )}
          </div>
        ) : null,
    },
    { title: t('audit.columns.ip'), dataIndex: 'ip', responsive: ['xl'] },
  ];

  return (
    <div data-testid="admin-audit">
      <div className="adm-toolbar">
        <Input.Search
          allowClear
          placeholder={t('audit.searchPlaceholder')}
          aria-label={t('audit.searchPlaceholder')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          data-testid="audit-search"
        />
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('refresh')}
        </Button>
      </div>
      {q.isError && <Alert type="error" showIcon title={apiErrorText(q.error, t('loadFailed'))} style={{ marginBottom: 12 }} />}
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={q.data?.items ?? []}
        loading={q.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('audit.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: q.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total, [from, to]) => t('showing', { from, to, total }),
        }}
      />
    </div>
  );
}
