import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Descriptions, Divider, Image, Input, Modal, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ADMIN_USER_FILTERS } from '@shared/schemas/admin';
import { COMPANY_INDUSTRIES, COMPANY_SIZES, INFLUENCER_CATEGORIES, labelOf } from '@shared/options';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { LoadFailed } from '../../../components/PageState';
import { adminCalls, useAdminAction, userDetailQuery, usersQuery } from '../api';
import { useAdminFormat } from '../format';
import { UserAgency } from './UserAgency';
import { UserApiKeys } from './UserApiKeys';
import { UserWebhookEndpoints } from './UserWebhookEndpoints';

type AdminUserDetail = Schema<'AdminUserDetail'>;
type AdminUserRow = Schema<'AdminUserRow'>;

type Filter = (typeof ADMIN_USER_FILTERS)[number];
type Reason = { kind: 'reject' | 'suspend'; user: AdminUserRow } | null;
const PAGE_SIZE = 20;

/** 用户管理: search, filters (the queue oldest first), review decisions with reasons, suspension, deletion requests. */
export default function UsersTab() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [type, setType] = useState<'influencer' | 'company' | 'agency' | 'admin' | undefined>();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const [reason, setReason] = useState<Reason>(null);
  const q = useQuery(usersQuery({ search: search || undefined, filter, type, page, limit: PAGE_SIZE }));

  const approve = useAdminAction(adminCalls.approve);
  const reinstate = useAdminAction(adminCalls.reinstate);
  const busy = approve.isPending || reinstate.isPending;

  const onApprove = (u: AdminUserRow) =>
    approve.mutate(u.userId, {
      onSuccess: () => void message.success(t('users.approved')),
      onError: (e) => void message.error(apiErrorText(e, t('users.approveFailed'))),
    });
  const onReinstate = (u: AdminUserRow) =>
    reinstate.mutate(u.userId, {
      onSuccess: () => void message.success(t('users.reinstated')),
      onError: (e) => void message.error(apiErrorText(e, t('users.actionFailed'))),
    });

  const typeLabel = (v: AdminUserRow['userType']) => t(`users.types.${v ?? 'none'}`);
  const statusLabel = useStatusLabel();
  const columns: ColumnsType<AdminUserRow> = [
    {
      title: t('users.columns.email'),
      dataIndex: 'email',
      render: (email: string, u) => (
        <Space orientation="vertical" size={0}>
          <span data-testid="user-email">{email}</span>
          {u.displayName && <span className="adm-change">{u.displayName}</span>}
        </Space>
      ),
    },
    { title: t('users.columns.type'), dataIndex: 'userType', render: (v: AdminUserRow['userType']) => typeLabel(v), width: 100 },
    { title: t('users.columns.createdAt'), dataIndex: 'createdAt', render: (v: string) => f.dateTime(v), responsive: ['md'] },
    { title: t('users.columns.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => f.dateTime(v), responsive: ['lg'] },
    {
      title: t('users.columns.status'),
      key: 'status',
      render: (_: unknown, u) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[u.approveStatus]} data-testid="user-status" data-status={u.approveStatus}>
            {statusLabel(u)}
          </Tag>
          {u.suspended && <Tag color="default">{t('users.suspendedTag')}</Tag>}
          {u.deletionRequested && <Tag color="volcano">{t('users.deletionTag')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('users.columns.waiting'),
      key: 'waiting',
      render: (_: unknown, u) =>
        u.waiting && u.waitingSince ? (
          <Space orientation="vertical" size={4}>
            <Tooltip title={f.dateTime(u.waitingSince)}>
              <span>
                {t(`users.waitingFor.${u.waiting}`)} · {t('users.waitingAge', { age: f.age(u.waitingSince) })}
              </span>
            </Tooltip>
            {u.verification && <Evidence evidence={u.verification} thumb={56} />}
          </Space>
        ) : null,
    },
    {
      title: t('users.columns.actions'),
      key: 'actions',
      render: (_: unknown, u) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setViewing(u.userId)} data-testid="user-view">
            {t('users.view')}
          </Button>
          {u.waiting && !u.suspended && (
            <>
              <Button size="small" type="primary" disabled={busy} onClick={() => onApprove(u)} data-testid="user-approve">
                {t('users.approve')}
              </Button>
              <Button size="small" danger onClick={() => setReason({ kind: 'reject', user: u })} data-testid="user-reject">
                {t('users.reject')}
              </Button>
            </>
          )}
          {u.userType !== 'admin' &&
            (u.suspended ? (
              <Button size="small" disabled={busy} onClick={() => onReinstate(u)} data-testid="user-reinstate">
                {t('users.reinstate')}
              </Button>
            ) : (
              <Button size="small" onClick={() => setReason({ kind: 'suspend', user: u })} data-testid="user-suspend">
                {t('users.suspend')}
              </Button>
            ))}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="admin-users">
      <div className="adm-toolbar">
        <Input.Search
          allowClear
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.searchPlaceholder')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          data-testid="users-search"
        />
        <Select<Filter>
          value={filter}
          aria-label={t('users.filter')}
          style={{ width: 150 }}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
          options={ADMIN_USER_FILTERS.map((v) => ({ value: v, label: t(`users.filters.${v}`) }))}
          data-testid="users-filter"
        />
        <Select
          allowClear
          value={type}
          placeholder={t('users.type')}
          aria-label={t('users.type')}
          style={{ width: 130 }}
          onChange={(v) => {
            setType(v);
            setPage(1);
          }}
          options={(['influencer', 'company', 'agency', 'admin'] as const).map((v) => ({ value: v, label: t(`users.types.${v}`) }))}
        />
        <Button onClick={() => void q.refetch()} loading={q.isFetching} data-testid="users-refresh">
          {t('refresh')}
        </Button>
      </div>
      {q.isError && (
        <div className="adm-section">
          <LoadFailed
            testId="users"
            compact
            title={t('loadFailed')}
            text={apiErrorText(q.error, '')}
            onRetry={() => void q.refetch()}
            retrying={q.isFetching}
          />
        </div>
      )}
      <Table<AdminUserRow>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={q.data?.items ?? []}
        loading={q.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('users.empty') }}
        onRow={(u) => ({ 'data-testid': 'user-row', 'data-user-id': u.userId }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: q.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total, [from, to]) => t('showing', { from, to, total }),
        }}
      />
      {viewing && <UserDetailModal id={viewing} onClose={() => setViewing(null)} />}
      {reason && <ReasonModal reason={reason} onClose={() => setReason(null)} />}
    </div>
  );
}

const STATUS_COLORS: Record<AdminUserRow['approveStatus'], string> = { approved: 'green', pending: 'orange', rejected: 'red', unverified: 'default' };

/** 审核状态 in words: an influencer's review (已审核 / 待审核 / 已拒绝) or a company's verification (已认证 / 待审核 / 未通过 / 未认证). */
function useStatusLabel() {
  const { t } = useTranslation('admin');
  return (u: Pick<AdminUserRow, 'userType' | 'approveStatus'>) =>
    u.userType === 'company' ? t(`users.companyStatus.${u.approveStatus}`) : t(`users.status.${u.approveStatus}`);
}

type EvidenceData = { creditCode: string | null; companyName: string | null; licenseUrl: string | null };

/** What a verification request carries: the licence (opened through its authorised route), the code, the legal name. */
function Evidence({ evidence: v, thumb }: { evidence: EvidenceData; thumb: number }) {
  const { t } = useTranslation('admin');
  return (
    <div className="adm-evidence" data-testid="verification-evidence">
      {v.licenseUrl ? (
        <Image
          src={v.licenseUrl}
          width={thumb}
          height={Math.round(thumb * 0.7)}
          style={{ objectFit: 'cover' }}
          alt={t('users.evidence.license')}
          data-testid="evidence-license"
        />
      ) : (
        <Tag color="red">{t('users.evidence.noLicense')}</Tag>
      )}
      <dl className="adm-evidence__facts">
        <dt>{t('users.evidence.code')}</dt>
        <dd data-testid="evidence-code">{v.creditCode ?? t('users.evidence.noCode')}</dd>
        {v.companyName && (
          <>
            <dt>{t('users.evidence.name')}</dt>
            <dd data-testid="evidence-name">{v.companyName}</dd>
          </>
        )}
      </dl>
      {(!v.licenseUrl || !v.creditCode) && <p className="adm-evidence__warn">{t('users.evidence.legacy')}</p>}
    </div>
  );
}

function ReasonModal({ reason, onClose }: { reason: NonNullable<Reason>; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { apiErrorText } = useErrorText();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const reject = useAdminAction(adminCalls.reject);
  const suspend = useAdminAction(adminCalls.suspend);
  const isReject = reason.kind === 'reject';
  const pending = reject.isPending || suspend.isPending;
  const empty = text.trim() === '';

  const submit = () => {
    setTouched(true);
    if (empty) return;
    const vars = { id: reason.user.userId, reason: text.trim() };
    const opts = {
      onSuccess: () => {
        void message.success(isReject ? t('users.rejected') : t('users.suspended'));
        onClose();
      },
      onError: (e: unknown) => void message.error(apiErrorText(e, isReject ? t('users.rejectFailed') : t('users.actionFailed'))),
    };
    if (isReject) reject.mutate(vars, opts);
    else suspend.mutate(vars, opts);
  };

  return (
    <Modal
      open
      title={`${isReject ? t('users.rejectTitle') : t('users.suspendTitle')} · ${reason.user.email}`}
      onCancel={onClose}
      onOk={submit}
      okText={t('confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true, loading: pending, 'data-testid': 'reason-ok' } as never}
      destroyOnHidden
    >
      <label htmlFor="admin-reason">{isReject ? t('users.rejectReason') : t('users.suspendReason')}</label>
      <Input.TextArea
        id="admin-reason"
        rows={3}
        maxLength={500}
        showCount
        value={text}
        onChange={(e) => setText(e.target.value)}
        status={touched && empty ? 'error' : undefined}
        data-testid="reason-input"
      />
      {touched && empty && (
        <div className="ant-form-item-explain-error" role="alert">
          {isReject ? t('users.rejectReasonRequired') : t('users.suspendReasonRequired')}
        </div>
      )}
    </Modal>
  );
}

function UserDetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const q = useQuery(userDetailQuery(id));
  const deletion = useAdminAction(adminCalls.deletion);
  const d: AdminUserDetail | undefined = q.data;
  const statusLabel = useStatusLabel();
  const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? t('notSet') : String(v));

  const decide = (action: 'execute' | 'decline') => {
    const run = () =>
      deletion.mutate(
        { id, action },
        {
          onSuccess: () => {
            void message.success(action === 'execute' ? t('users.deletionDone') : t('users.deletionDeclined'));
            if (action === 'execute') onClose();
          },
          onError: (e) => void message.error(apiErrorText(e, t('users.actionFailed'))),
        },
      );
    if (action === 'execute') {
      void modal.confirm({
        title: t('users.deletionExecute'),
        content: t('users.deletionConfirm'),
        okButtonProps: { danger: true },
        okText: t('confirm'),
        cancelText: t('cancel'),
        onOk: run,
      });
    } else run();
  };

  return (
    <Modal open title={t('users.detail.title')} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <div data-testid="user-detail">
        {q.isError && <Alert type="error" showIcon title={t('users.detail.loadFailed')} />}
        {q.isPending && <div className="adm-loading" />}
        {d && (
          <>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={t('users.detail.basic')} bordered>
              <Descriptions.Item label={t('users.detail.userId')}>{d.userId}</Descriptions.Item>
              <Descriptions.Item label={t('users.detail.email')}>{d.email}</Descriptions.Item>
              <Descriptions.Item label={t('users.detail.phone')}>{dash(d.phone)}</Descriptions.Item>
              <Descriptions.Item label={t('users.detail.type')}>{t(`users.types.${d.userType ?? 'none'}`)}</Descriptions.Item>
              <Descriptions.Item label={t('users.detail.createdAt')}>{f.dateTime(d.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('users.detail.status')}>
                <span data-testid="detail-status">{statusLabel(d)}</span>
                {d.suspended && <Tag style={{ marginLeft: 8 }}>{t('users.suspendedTag')}</Tag>}
              </Descriptions.Item>
              {d.suspended && <Descriptions.Item label={t('users.detail.suspendedReason')}>{dash(d.suspendedReason)}</Descriptions.Item>}
            </Descriptions>
            {d.influencer && (
              <>
                <Divider />
                <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={t('users.detail.influencer')} bordered>
                  <Descriptions.Item label={t('users.detail.nickname')}>{d.influencer.nickname}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.realName')}>{dash(d.influencer.realName)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.location')}>{dash(d.influencer.location)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.categories')}>
                    {f.list(d.influencer.categories.map((c) => labelOf(INFLUENCER_CATEGORIES, c, f.lang))) || t('notSet')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.tags')}>{f.list(d.influencer.tags) || t('notSet')}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.tiktok')}>{dash(d.influencer.tiktokAccount)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.followers')}>{dash(d.influencer.tiktokFollowersCount)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.hourlyRate')}>{f.money(d.influencer.hourlyRateCents)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.experience')}>{d.influencer.experienceYears}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.idType')}>{dash(d.influencer.idType)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.bio')} span={2}>
                    {dash(d.influencer.bio)}
                  </Descriptions.Item>
                  {d.influencer.idImageUrl && (
                    <Descriptions.Item label={t('users.detail.idImage')} span={2}>
                      <Image src={d.influencer.idImageUrl} width={160} alt={t('users.detail.idImage')} />
                    </Descriptions.Item>
                  )}
                  {d.influencer.rejectionReason && (
                    <Descriptions.Item label={t('users.detail.rejection')} span={2}>
                      {d.influencer.rejectionReason}
                    </Descriptions.Item>
                  )}
                </Descriptions>
              </>
            )}
            {d.company && (
              <>
                <Divider />
                <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={t('users.detail.company')} bordered>
                  <Descriptions.Item label={t('users.detail.companyName')}>{d.company.companyName}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.industry')}>
                    {dash(d.company.industry && labelOf(COMPANY_INDUSTRIES, d.company.industry, f.lang))}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.size')}>
                    {dash(d.company.companySize && labelOf(COMPANY_SIZES, d.company.companySize, f.lang))}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.address')}>{dash(d.company.address)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.contactPerson')}>{dash(d.company.contactPerson)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.contactPhone')}>{dash(d.company.contactPhone)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.contactEmail')}>{dash(d.company.contactEmail)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.website')}>{dash(d.company.website)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.businessLicense')}>{dash(d.company.businessLicense)}</Descriptions.Item>
                  <Descriptions.Item label={t('users.detail.description')} span={2}>
                    {dash(d.company.description)}
                  </Descriptions.Item>
                </Descriptions>
                <Divider titlePlacement="start" plain>
                  {t('users.detail.verification')}
                </Divider>
                {d.verificationRequests.length === 0 ? (
                  <p>{t('users.detail.noVerification')}</p>
                ) : (
                  <ul className="adm-verifications" data-testid="detail-verifications">
                    {d.verificationRequests.map((v) => (
                      <li key={v.id} data-status={v.status}>
                        <p>
                          {f.dateTime(v.submittedAt)} · <strong>{t(`users.detail.verificationStatus.${v.status as 'pending'}`)}</strong>
                          {v.decidedAt ? ` · ${t('users.detail.decidedAt', { time: f.dateTime(v.decidedAt) })}` : ''}
                        </p>
                        {v.note && <p>{t('users.detail.reason', { reason: v.note })}</p>}
                        <Evidence evidence={v} thumb={120} />
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
            {d.agency && <UserAgency agency={d.agency} />}
            <Divider titlePlacement="start" plain>
              {t('users.detail.documents')}
            </Divider>
            {d.documents.length === 0 ? (
              <p>{t('users.detail.noDocuments')}</p>
            ) : (
              <Image.PreviewGroup>
                <Space wrap>
                  {d.documents.map((doc) => (
                    <Image key={doc.url} src={doc.url} width={96} height={96} style={{ objectFit: 'cover' }} alt={doc.name ?? ''} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
            {(d.userType === 'company' || d.userType === 'influencer') && <UserApiKeys userId={d.userId} />}
            {(d.userType === 'company' || d.userType === 'influencer') && <UserWebhookEndpoints userId={d.userId} />}
            {d.deletionRequest && (
              <>
                <Divider titlePlacement="start" plain>
                  {t('users.detail.deletion')}
                </Divider>
                <p>
                  {f.dateTime(d.deletionRequest.createdAt)}
                  {d.deletionRequest.reason ? ` · ${t('users.detail.deletionReason', { reason: d.deletionRequest.reason })}` : ''}
                </p>
                <Space>
                  <Button danger loading={deletion.isPending} onClick={() => decide('execute')} data-testid="deletion-execute">
                    {t('users.deletionExecute')}
                  </Button>
                  <Button loading={deletion.isPending} onClick={() => decide('decline')} data-testid="deletion-decline">
                    {t('users.deletionDecline')}
                  </Button>
                </Space>
              </>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
