import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Popconfirm, Radio, Select, Tag, type ButtonProps } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { agencyStaffInviteRequest, type AgencyStaffRole } from '@shared/schemas/agencyStaff';
import { SignInGate } from '../../components/SignInGate';
import { Loading, LoadFailed, StateBox } from '../../components/PageState';
import { client, data, type Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { agencyKeys } from './api';
import './agencies.css';

type Me = Schema<'Me'>;
type Member = Schema<'AgencyStaffMember'>;
const staffKey = [...agencyKeys.all, 'staff'] as const;
const ROLES: AgencyStaffRole[] = ['operator', 'admin'];

/** /agency-staff (子账号管理, decision 0067): the agency's owner and its 管理员 invite, re-role and remove its team. */
export default function AgencyStaffPage() {
  const { t } = useTranslation('agencies');
  usePageTitle(t('staff.title'));
  return (
    <SignInGate className="ag-page" testId="agency-staff-signin" title={t('workspace.signInTitle')} action={t('workspace.signIn')}>
      {(user) => <StaffLoader user={user} />}
    </SignInGate>
  );
}

function StaffLoader({ user }: { user: Me }) {
  const { t } = useTranslation('agencies');
  const allowed = user.userType === 'agency' && user.agencyStaff?.role !== 'operator';
  const q = useQuery({ queryKey: staffKey, queryFn: ({ signal }) => data(client.GET('/api/agency/staff', { signal })), enabled: allowed });
  if (!allowed)
    return (
      <div className="container ag-page">
        <StateBox icon={<LockOutlined />} title={t(user.userType === 'agency' ? 'staff.onlyAdmins' : 'workspace.onlyAgencies')} testId="agency-staff-refused" />
      </div>
    );
  if (q.isPending) return <Loading label={t('workspace.loading')} />;
  if (q.isError) return <LoadFailed testId="agency-staff" title={t('staff.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  return (
    <div className="container ag-page ag-staff" data-testid="agency-staff">
      <div>
        <h1 className="ag-title">{t('staff.title')}</h1>
        <p className="ag-muted">
          <Link to="/agency">{t('profile.backToWorkspace')}</Link>
        </p>
        <p className="ag-muted">{t('staff.intro')}</p>
      </div>
      <InviteForm />
      {q.data.invites.length > 0 && (
        <section className="ag-card" data-testid="agency-staff-invitations">
          <h2 className="ag-staff__title">{t('staff.invitations')}</h2>
          <ul className="ag-staff__list">
            {q.data.invites.map((i) => (
              <InvitationRow key={i.id} invitation={i} />
            ))}
          </ul>
        </section>
      )}
      <section className="ag-card" data-testid="agency-staff-members">
        <h2 className="ag-staff__title">
          {t('staff.members')} <span className="ag-muted">{t('staff.count', { count: q.data.total })}</span>
        </h2>
        {q.data.items.length === 0 ? (
          <p className="ag-muted" data-testid="agency-staff-empty">
            {t('staff.empty')}
          </p>
        ) : (
          <ul className="ag-staff__list">
            {q.data.items.map((m) => (
              <MemberRow key={m.id} member={m} self={m.userId === user.id} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InviteForm() {
  const { t } = useTranslation('agencies');
  const { errorText, apiErrorText } = useErrorText();
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AgencyStaffRole>('operator');
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const invite = useMutation({
    mutationFn: (body: Schema<'AgencyStaffInviteRequest'>) => data(client.POST('/api/agency/staff/invitations', { body })),
    onSuccess: (r) => {
      setEmail('');
      setNotice({ type: 'success', text: t('staff.sent', { email: r.email }) });
      void qc.invalidateQueries({ queryKey: staffKey });
    },
    onError: (err) => setNotice({ type: 'error', text: apiErrorText(err, t('staff.actionFailed')) }),
  });
  const submit = () => {
    const parsed = agencyStaffInviteRequest.safeParse({ email, role });
    if (!parsed.success) return setNotice({ type: 'error', text: errorText(parsed.error.issues[0]?.message ?? 'BAD_REQUEST') });
    setNotice(null);
    invite.mutate(parsed.data);
  };
  return (
    <section className="ag-card" data-testid="agency-staff-invite">
      <h2 className="ag-staff__title">{t('staff.invite')}</h2>
      <form
        className="ag-staff__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="ag-staff__field">
          <span>{t('staff.email')}</span>
          <Input
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder={t('staff.emailPlaceholder')}
            data-testid="agency-staff-email"
            status={notice?.type === 'error' ? 'error' : undefined}
          />
        </label>
        <div className="ag-staff__field" role="radiogroup" aria-label={t('staff.role')}>
          <span>{t('staff.role')}</span>
          <Radio.Group value={role} onChange={(e) => setRole(e.target.value as AgencyStaffRole)}>
            {ROLES.map((r) => (
              <Radio key={r} value={r} data-testid={`agency-staff-role-${r}`}>
                {t(`staff.roles.${r}`)}
              </Radio>
            ))}
          </Radio.Group>
          <p className="ag-muted ag-staff__hint">{t(`staff.roleHints.${role}`)}</p>
        </div>
        {notice && <Alert type={notice.type} showIcon title={notice.text} data-testid="agency-staff-notice" />}
        <Button type="primary" htmlType="submit" loading={invite.isPending} data-testid="agency-staff-send">
          {t('staff.send')}
        </Button>
      </form>
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: Schema<'AgencyStaffInvitation'> }) {
  const { t } = useTranslation('agencies');
  const f = useFormat();
  const { apiErrorText } = useErrorText();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const withdraw = useMutation({
    mutationFn: () => data(client.DELETE('/api/agency/staff/invitations/{id}', { params: { path: { id: invitation.id } } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKey }),
    onError: (err) => setError(apiErrorText(err, t('staff.actionFailed'))),
  });
  return (
    <li className="ag-staff__row" data-testid="agency-staff-invitation">
      <div className="ag-staff__who">
        <span className="ag-staff__name">{invitation.email}</span>
        <span className="ag-muted">
          <Tag>{t(`staff.roles.${invitation.role}`)}</Tag>
          {t('staff.expires', { date: f.date(invitation.expiresAt) })}
        </span>
        {error && <span className="ag-staff__error">{error}</span>}
      </div>
      <Button size="small" onClick={() => withdraw.mutate()} loading={withdraw.isPending} data-testid="agency-staff-withdraw">
        {t('staff.withdraw')}
      </Button>
    </li>
  );
}

function MemberRow({ member, self }: { member: Member; self: boolean }) {
  const { t } = useTranslation('agencies');
  const f = useFormat();
  const { apiErrorText } = useErrorText();
  const qc = useQueryClient();
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const fail = (err: unknown) => setNotice({ type: 'error', text: apiErrorText(err, t('staff.actionFailed')) });
  const change = useMutation({
    mutationFn: (role: AgencyStaffRole) => data(client.PATCH('/api/agency/staff/{id}', { params: { path: { id: member.id } }, body: { role } })),
    onSuccess: (m) => {
      setNotice({ type: 'success', text: t('staff.roleChanged', { name: m.name, role: t(`staff.roles.${m.role}`) }) });
      void qc.invalidateQueries({ queryKey: staffKey });
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => data(client.DELETE('/api/agency/staff/{id}', { params: { path: { id: member.id } } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKey }),
    onError: fail,
  });
  return (
    <li className="ag-staff__row" data-testid="agency-staff-member" data-role={member.role}>
      <div className="ag-staff__who">
        <span className="ag-staff__name">
          {member.name}
          {self && t('staff.you')}
        </span>
        <span className="ag-muted">{member.email}</span>
        <span className="ag-muted">{t('staff.joined', { date: f.date(member.createdAt) })}</span>
        {notice && (
          <span className={notice.type === 'error' ? 'ag-staff__error' : 'ag-muted'} role="status">
            {notice.text}
          </span>
        )}
      </div>
      <div className="ag-staff__actions">
        <Select
          size="small"
          value={member.role}
          disabled={self || change.isPending}
          onChange={(role: AgencyStaffRole) => change.mutate(role)}
          options={ROLES.map((r) => ({ value: r, label: t(`staff.roles.${r}`) }))}
          aria-label={t('staff.role')}
          data-testid="agency-staff-member-role"
          popupMatchSelectWidth={false}
        />
        {!self && (
          <Popconfirm
            title={t('staff.removeConfirm', { name: member.name })}
            onConfirm={() => remove.mutate()}
            okButtonProps={{ danger: true, 'data-testid': 'agency-staff-remove-ok' } as ButtonProps}
          >
            <Button size="small" danger loading={remove.isPending} data-testid="agency-staff-remove">
              {t('staff.remove')}
            </Button>
          </Popconfirm>
        )}
      </div>
    </li>
  );
}
