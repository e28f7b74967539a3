import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Descriptions, Input, List, Modal, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ONLINE_LOCATION_LABEL, TASK_STATUSES, isOnlineLocation, type TaskStatus } from '@shared/options';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { adminCalls, adminTaskQuery, adminTasksQuery, useAdminAction } from '../api';
import { useAdminFormat } from '../format';

type AdminTaskRow = Schema<'AdminTaskRow'>;

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<TaskStatus, string> = { open: 'green', in_progress: 'blue', completed: 'default', cancelled: 'red' };

/** 任务管理: status filter, search, server pagination; a row opens the detail with applicants; delete with confirmation. */
export default function TasksTab() {
  const { t } = useTranslation('adminTasks');
  const { message, modal } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const [status, setStatus] = useState<TaskStatus | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery(adminTasksQuery({ status: status || undefined, search: search || undefined, page, limit: PAGE_SIZE }));
  const remove = useAdminAction(adminCalls.deleteTask);

  const confirmDelete = (task: AdminTaskRow) =>
    void modal.confirm({
      title: t('tasks.deleteTitle'),
      content: t('tasks.deleteConfirm'),
      okButtonProps: { danger: true, 'data-testid': 'task-delete-ok' } as never,
      onOk: () => {
        // close the detail first: its query must not be asked again once the task is gone
        setOpen(null);
        return remove.mutateAsync(task.id).then(
          () => void message.success(t('tasks.deleted')),
          (e: unknown) => void message.error(apiErrorText(e, t('tasks.deleteFailed'))),
        );
      },
    });

  const columns: ColumnsType<AdminTaskRow> = [
    { title: t('tasks.columns.title'), dataIndex: 'title', render: (v: string) => <span data-testid="task-title">{v}</span> },
    { title: t('tasks.columns.company'), dataIndex: 'companyName' },
    {
      title: t('tasks.columns.category'),
      key: 'category',
      render: (_: unknown, r) => (r.categoryName ? (f.lang === 'en' && r.categoryNameEn ? r.categoryNameEn : r.categoryName) : t('tasks.uncategorized')),
      responsive: ['md'],
    },
    { title: t('tasks.columns.budget'), key: 'budget', render: (_: unknown, r) => f.moneyRange(r.budgetMinCents, r.budgetMaxCents), responsive: ['md'] },
    { title: t('tasks.columns.applications'), dataIndex: 'applicationsCount', width: 90 },
    { title: t('tasks.columns.status'), dataIndex: 'status', render: (s: TaskStatus) => <Tag color={STATUS_COLOR[s]}>{t(`tasks.statuses.${s}`)}</Tag> },
    { title: t('tasks.columns.createdAt'), dataIndex: 'createdAt', render: (v: string) => f.dateTime(v), responsive: ['lg'] },
    {
      title: t('tasks.columns.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Button
          size="small"
          danger
          onClick={(e) => {
            e.stopPropagation();
            confirmDelete(r);
          }}
          data-testid="task-delete"
        >
          {t('tasks.delete')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="admin-tasks">
      <div className="adm-toolbar">
        <Input.Search
          allowClear
          placeholder={t('tasks.searchPlaceholder')}
          aria-label={t('tasks.searchPlaceholder')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          data-testid="tasks-search"
        />
        <Select<TaskStatus | ''>
          value={status}
          aria-label={t('tasks.status')}
          style={{ width: 140 }}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[{ value: '', label: t('tasks.allStatuses') }, ...TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.statuses.${s}`) }))]}
          data-testid="tasks-status"
        />
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('tasks.refresh')}
        </Button>
      </div>
      {q.isError && <Alert type="error" showIcon title={apiErrorText(q.error, t('tasks.loadFailed'))} style={{ marginBottom: 12 }} />}
      <Table<AdminTaskRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.items ?? []}
        loading={q.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('tasks.empty') }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' }, 'data-testid': 'task-row' }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: q.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total, [from, to]) => t('showing', { ns: 'admin', from, to, total }),
        }}
      />
      {open && <TaskModal id={open} onClose={() => setOpen(null)} onDelete={confirmDelete} />}
    </div>
  );
}

function TaskModal({ id, onClose, onDelete }: { id: string; onClose: () => void; onDelete: (task: AdminTaskRow) => void }) {
  const { t } = useTranslation('adminTasks');
  const f = useAdminFormat();
  const q = useQuery(adminTaskQuery(id));
  const d = q.data;
  return (
    <Modal
      open
      title={t('tasks.detail.title')}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        d ? (
          <>
            <a href={`/task/${d.id}`} target="_blank" rel="noreferrer">
              <Button>{t('tasks.detail.open')}</Button>
            </a>
            <Button danger onClick={() => onDelete(d)} data-testid="task-modal-delete">
              {t('tasks.delete')}
            </Button>
          </>
        ) : null
      }
    >
      <div data-testid="task-detail">
        {q.isError && <Alert type="error" showIcon title={t('tasks.loadFailed')} />}
        {d && (
          <>
            <h3>{d.title}</h3>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
              <Descriptions.Item label={t('tasks.columns.company')}>{d.companyName}</Descriptions.Item>
              <Descriptions.Item label={t('tasks.columns.status')}>{t(`tasks.statuses.${d.status}`)}</Descriptions.Item>
              <Descriptions.Item label={t('tasks.columns.budget')}>{f.moneyRange(d.budgetMinCents, d.budgetMaxCents)}</Descriptions.Item>
              <Descriptions.Item label={t('tasks.detail.maxApplicants')}>{d.maxApplicants}</Descriptions.Item>
              <Descriptions.Item label={t('tasks.detail.liveDate')}>{f.dateTime(d.liveDate)}</Descriptions.Item>
              <Descriptions.Item label={t('tasks.detail.location')}>
                {isOnlineLocation(d.location) ? ONLINE_LOCATION_LABEL[f.lang] : d.location}
              </Descriptions.Item>
              <Descriptions.Item label={t('tasks.detail.product')}>{d.productName ?? ''}</Descriptions.Item>
              <Descriptions.Item label={t('tasks.detail.views')}>{d.viewsCount}</Descriptions.Item>
              {d.selectedInfluencer && <Descriptions.Item label={t('tasks.detail.selected')}>{d.selectedInfluencer}</Descriptions.Item>}
              <Descriptions.Item label={t('tasks.detail.description')} span={2}>
                {d.description}
              </Descriptions.Item>
              {d.requirements.length > 0 && (
                <Descriptions.Item label={t('tasks.detail.requirements')} span={2}>
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {d.requirements.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                </Descriptions.Item>
              )}
            </Descriptions>
            <h4 style={{ marginTop: 16 }}>{t('tasks.detail.applicants')}</h4>
            <List
              size="small"
              dataSource={d.applicants}
              locale={{ emptyText: t('tasks.detail.noApplicants') }}
              renderItem={(a) => (
                <List.Item data-testid="task-applicant">
                  <List.Item.Meta title={a.nickname} description={a.message ?? undefined} />
                  <span>
                    {t('tasks.detail.rate')} {f.money(a.proposedRateCents)} · {t(`tasks.applicationStatuses.${a.status as 'pending'}`)} ·{' '}
                    {f.dateTime(a.appliedAt)}
                  </span>
                </List.Item>
              )}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
