import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Input, Modal, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AdminReviewQuery } from '@shared/schemas/reviews';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { SUCCESS_MS } from '../constants';
import { useAdminFormat } from '../format';
import { adminReviewsQuery, useReviewVisibility } from '../reviewsApi';

type AdminReview = Schema<'AdminReview'>;

const PAGE_SIZE = 20;
type Status = AdminReviewQuery['status'];
const STATUSES: Status[] = ['all', 'published', 'waiting', 'hidden'];

/** 评价管理 (内容管理): every review newest first, blind ones too; hide an abusive one with a reason, or show it again. */
export default function ReviewsTab() {
  const { t } = useTranslation('adminContent');
  const { message, modal } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const q = useQuery(adminReviewsQuery({ status, page, limit: PAGE_SIZE }));
  const visibility = useReviewVisibility();

  const unhide = (r: AdminReview) =>
    modal.confirm({
      title: t('reviews.unhide'),
      content: t('reviews.unhideConfirm'),
      okText: t('reviews.unhide'),
      cancelText: t('reviews.cancel'),
      onOk: () =>
        visibility.mutateAsync({ id: r.id, reason: null }).then(
          () => void message.success({ content: t('reviews.shown'), duration: SUCCESS_MS / 1000 }),
          (e: unknown) => void message.error(apiErrorText(e, t('reviews.failed'))),
        ),
    });

  const state = (r: AdminReview) =>
    r.hiddenAt ? (
      <Tag color="red">{t('reviews.statuses.hidden')}</Tag>
    ) : r.revealedAt ? (
      <Tag color="green">{t('reviews.statuses.published')}</Tag>
    ) : (
      <Tag>{t('reviews.statuses.waiting')}</Tag>
    );

  const columns: ColumnsType<AdminReview> = [
    {
      title: t('reviews.columns.author'),
      key: 'author',
      render: (_: unknown, r) => (
        <span>
          {t(r.authorSide === 'company' ? 'reviews.byCompany' : 'reviews.byInfluencer', { company: r.company.name, influencer: r.influencer.name })}
          <br />
          <span className="adm-change">{r.taskTitle}</span>
        </span>
      ),
    },
    {
      title: t('reviews.columns.rating'),
      dataIndex: 'rating',
      render: (n: number) => <span data-testid="admin-review-rating">{t('reviews.stars', { count: n })}</span>,
    },
    {
      title: t('reviews.columns.comment'),
      key: 'comment',
      render: (_: unknown, r) => (
        <div style={{ maxWidth: 420, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <span data-testid="admin-review-comment">{r.comment}</span>
          {r.reply && <div className="adm-change">{t('reviews.reply', { reply: r.reply })}</div>}
          {r.hiddenReason && <div className="adm-change">{t('reviews.hiddenReason', { reason: r.hiddenReason })}</div>}
        </div>
      ),
    },
    { title: t('reviews.columns.state'), key: 'state', render: (_: unknown, r) => state(r) },
    { title: t('reviews.columns.createdAt'), dataIndex: 'createdAt', responsive: ['md'], render: (v: string) => f.dateTime(v) },
    {
      title: t('reviews.columns.actions'),
      key: 'actions',
      render: (_: unknown, r) =>
        r.hiddenAt ? (
          <Button size="small" onClick={() => unhide(r)} data-testid="admin-review-unhide">
            {t('reviews.unhide')}
          </Button>
        ) : (
          <Button size="small" danger onClick={() => setHiding(r)} data-testid="admin-review-hide">
            {t('reviews.hide')}
          </Button>
        ),
    },
  ];

  return (
    <div data-testid="admin-reviews">
      <p className="adm-change">{t('reviews.intro')}</p>
      <div className="adm-toolbar">
        <Space wrap>
          <label htmlFor="admin-review-status">{t('reviews.status')}</label>
          <Select<Status>
            id="admin-review-status"
            value={status}
            style={{ minWidth: 140 }}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={STATUSES.map((s) => ({ value: s, label: t(`reviews.statuses.${s}`) }))}
            data-testid="admin-review-status"
          />
        </Space>
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('refresh', { ns: 'admin' })}
        </Button>
      </div>
      {q.isError && <Alert type="error" showIcon title={apiErrorText(q.error, t('reviews.loadFailed'))} style={{ marginBottom: 12 }} />}
      <Table<AdminReview>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.items ?? []}
        loading={q.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('reviews.empty') }}
        onRow={() => ({ 'data-testid': 'admin-review-row' }) as React.HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {hiding && <HideModal review={hiding} onClose={() => setHiding(null)} />}
    </div>
  );
}

function HideModal({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const { t } = useTranslation('adminContent');
  const { message } = App.useApp();
  const { apiErrorText } = useErrorText();
  const visibility = useReviewVisibility();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) {
      setError(t('reviews.reasonRequired'));
      return;
    }
    visibility.mutate(
      { id: review.id, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success({ content: t('reviews.hidden'), duration: SUCCESS_MS / 1000 });
          onClose();
        },
        onError: (e) => setError(apiErrorText(e, t('reviews.failed'))),
      },
    );
  };
  return (
    <Modal
      open
      title={t('reviews.hideTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('reviews.confirmHide')}
      cancelText={t('reviews.cancel')}
      okButtonProps={{ danger: true, loading: visibility.isPending, 'data-testid': 'admin-review-hide-confirm' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{review.comment}</p>
      <label htmlFor="admin-review-reason">{t('reviews.reasonLabel')}</label>
      <Input.TextArea
        id="admin-review-reason"
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        placeholder={t('reviews.reasonPlaceholder')}
        status={error ? 'error' : undefined}
        aria-describedby={error ? 'admin-review-reason-help' : undefined}
        data-testid="admin-review-reason"
      />
      {error && (
        <div id="admin-review-reason-help" role="alert" style={{ color: 'var(--error-text)', marginTop: 4 }}>
          {error}
        </div>
      )}
    </Modal>
  );
}
