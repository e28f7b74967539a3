import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App as AntApp, Button, Card, Checkbox, Form, Input, Space, Table, Tag } from 'antd';
import { Loading, NotFound, StateBox } from '../../components/PageState';
import type { ColumnsType } from 'antd/es/table';
import { ADMIN_PERMISSIONS, type AdminPermission } from '@shared/options';
import { emailField, passwordField } from '@shared/schemas/common';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMe } from '../auth/api';
import { adminCalls, adminMeQuery, adminsQuery, inviteQuery, setupStatusQuery, useAcceptInvite, useAdminAction, useFirstAdmin } from './api';
import { useAdminFormat } from './format';
import './admin.css';

type AdminsResponse = Schema<'AdminsResponse'>;

/**
 * /admin-setup: the first admin (one-time token from the server log) while none exists; an
 * invitation link (?invite=…); otherwise, for admins holding 系统设置, the admins and their permissions.
 */
export default function AdminSetupPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('setup.documentTitle'));
  const [params] = useSearchParams();
  const invite = params.get('invite');
  return <AntApp>{invite ? <AcceptInvite token={invite} /> : <SetupOrManage />}</AntApp>;
}

function SetupOrManage() {
  const { t } = useTranslation('admin');
  const status = useQuery(setupStatusQuery);
  const me = useMe();
  const isAdmin = me.data?.userType === 'admin';
  const admin = useQuery({ ...adminMeQuery, enabled: isAdmin });
  if (status.isPending || me.isPending || (isAdmin && admin.isPending)) {
    return <Loading />;
  }
  if (status.data && !status.data.hasAdmin) return <FirstAdmin />;
  if (isAdmin && admin.data?.permissions.includes('system_settings')) return <AdminsPanel />;
  return (
    <div className="adm-auth" data-testid="admin-setup-info">
      <StateBox
        level={1}
        title={t('setup.title')}
        text={isAdmin ? t('setup.noPermission') : t('setup.hasAdmin')}
        actions={
          isAdmin ? (
            <Link to="/admin" className="btn btn--primary">
              {t('setup.openConsole')}
            </Link>
          ) : (
            <Link to="/admin-login" className="btn btn--primary">
              {t('setup.goLogin')}
            </Link>
          )
        }
      />
    </div>
  );
}

type PasswordErrors = { password?: string; confirmPassword?: string };
function usePasswordCheck() {
  const { errorText } = useErrorText();
  return (password: string, confirmPassword: string): PasswordErrors => {
    const errs: PasswordErrors = {};
    const p = passwordField.safeParse(password);
    if (!p.success) errs.password = errorText(p.error.issues[0].message);
    if (password !== confirmPassword) errs.confirmPassword = errorText('PASSWORD_MISMATCH');
    return errs;
  };
}

function FirstAdmin() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { apiErrorText, errorText } = useErrorText();
  const check = usePasswordCheck();
  const create = useFirstAdmin();
  const [v, setV] = useState({ token: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((o) => ({ ...o, [k]: e.target.value }));

  const submit = () => {
    setError(null);
    const errs: Record<string, string | undefined> = { ...check(v.password, v.confirmPassword) };
    if (!v.token.trim()) errs.token = t('setup.tokenRequired');
    const em = emailField.safeParse(v.email);
    if (!em.success) errs.email = errorText(em.error.issues[0].message);
    setErrors(errs);
    if (Object.values(errs).some(Boolean)) return;
    create.mutate(
      { ...v, token: v.token.trim() },
      {
        onSuccess: () => void navigate('/admin', { replace: true }),
        onError: (e) => setError(apiErrorText(e, t('loadFailed'))),
      },
    );
  };
  const item = (k: keyof typeof v, label: string, input: React.ReactNode) => (
    <Form.Item label={label} htmlFor={`setup-${k}`} required validateStatus={errors[k] ? 'error' : undefined} help={errors[k]}>
      {input}
    </Form.Item>
  );
  return (
    <div className="adm-auth" data-testid="admin-setup-first">
      <Card title={<h1 className="adm-denied__title">{t('setup.firstTitle')}</h1>}>
        <p className="adm-auth__notice">{t('setup.firstIntro')}</p>
        {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} data-testid="setup-error" />}
        <Form layout="vertical" onFinish={submit}>
          {item(
            'token',
            t('setup.token'),
            <Input
              id="setup-token"
              autoComplete="off"
              placeholder={t('setup.tokenPlaceholder')}
              value={v.token}
              onChange={set('token')}
              data-testid="setup-token"
            />,
          )}
          {item(
            'email',
            t('setup.email'),
            <Input id="setup-email" inputMode="email" autoComplete="username" value={v.email} onChange={set('email')} data-testid="setup-email" />,
          )}
          {item(
            'password',
            t('setup.password'),
            <Input.Password id="setup-password" autoComplete="new-password" value={v.password} onChange={set('password')} data-testid="setup-password" />,
          )}
          {item(
            'confirmPassword',
            t('setup.confirmPassword'),
            <Input.Password
              id="setup-confirmPassword"
              autoComplete="new-password"
              value={v.confirmPassword}
              onChange={set('confirmPassword')}
              data-testid="setup-confirm"
            />,
          )}
          <Button type="primary" htmlType="submit" block loading={create.isPending} data-testid="setup-submit">
            {t('setup.create')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

function AcceptInvite({ token }: { token: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { apiErrorText } = useErrorText();
  const check = usePasswordCheck();
  const info = useQuery(inviteQuery(token));
  const accept = useAcceptInvite();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [error, setError] = useState<string | null>(null);
  if (info.isPending) {
    return <Loading />;
  }
  if (info.isError) {
    return (
      <div className="adm-auth" data-testid="invite-invalid">
        <NotFound testId="invite-invalid-box" level={1} title={t('setup.inviteInvalid')} />
      </div>
    );
  }
  const submit = () => {
    setError(null);
    const errs = check(password, confirmPassword);
    setErrors(errs);
    if (errs.password || errs.confirmPassword) return;
    accept.mutate(
      { token, password, confirmPassword },
      { onSuccess: () => void navigate('/admin', { replace: true }), onError: (e) => setError(apiErrorText(e, t('setup.inviteInvalid'))) },
    );
  };
  return (
    <div className="adm-auth" data-testid="invite-accept">
      <Card title={<h1 className="adm-denied__title">{t('setup.inviteTitle')}</h1>}>
        <p className="adm-auth__notice">{t('setup.inviteIntro', { email: info.data.email })}</p>
        <Space wrap style={{ marginBottom: 16 }}>
          {info.data.permissions.map((p) => (
            <Tag key={p}>{t(`permission.${p}`)}</Tag>
          ))}
        </Space>
        {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" onFinish={submit}>
          <Form.Item
            label={t('setup.password')}
            htmlFor="invite-password"
            required
            validateStatus={errors.password ? 'error' : undefined}
            help={errors.password}
          >
            <Input.Password
              id="invite-password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="invite-password"
            />
          </Form.Item>
          <Form.Item
            label={t('setup.confirmPassword')}
            htmlFor="invite-confirm"
            required
            validateStatus={errors.confirmPassword ? 'error' : undefined}
            help={errors.confirmPassword}
          >
            <Input.Password
              id="invite-confirm"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirm(e.target.value)}
              data-testid="invite-confirm"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={accept.isPending} data-testid="invite-submit">
            {t('setup.inviteAccept')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

type AdminRow = AdminsResponse['items'][number];

function AdminsPanel() {
  const { t } = useTranslation('admin');
  const { message, modal } = AntApp.useApp();
  const { apiErrorText, errorText } = useErrorText();
  const f = useAdminFormat();
  const q = useQuery(adminsQuery);
  const setPermissions = useAdminAction(adminCalls.setPermissions);
  const remove = useAdminAction(adminCalls.removeAdmin);
  const invite = useAdminAction(adminCalls.invite);
  const revoke = useAdminAction(adminCalls.revokeInvite);
  const [editing, setEditing] = useState<{ id: string; permissions: AdminPermission[] } | null>(null);
  const [email, setEmail] = useState('');
  const [grant, setGrant] = useState<AdminPermission[]>([]);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const options = ADMIN_PERMISSIONS.map((p) => ({ value: p, label: t(`permission.${p}`) }));

  const columns: ColumnsType<AdminRow> = [
    { title: t('setup.email'), dataIndex: 'email', render: (v: string, a) => `${v}${a.isSelf ? t('setup.you') : ''}` },
    {
      title: t('setup.permissions'),
      key: 'permissions',
      render: (_: unknown, a) =>
        editing?.id === a.id ? (
          <Checkbox.Group
            options={options}
            value={editing.permissions}
            onChange={(v) => setEditing({ id: a.id, permissions: v })}
            data-testid="permissions-edit"
          />
        ) : (
          <Space size={4} wrap>
            {a.permissions.map((p) => (
              <Tag key={p}>{t(`permission.${p}`)}</Tag>
            ))}
          </Space>
        ),
    },
    { title: t('setup.createdAt'), dataIndex: 'createdAt', render: (v: string) => f.date(v), responsive: ['md'] },
    {
      title: t('setup.actions'),
      key: 'actions',
      render: (_: unknown, a) =>
        editing?.id === a.id ? (
          <Space>
            <Button
              size="small"
              type="primary"
              loading={setPermissions.isPending}
              data-testid="permissions-save"
              onClick={() =>
                setPermissions.mutate(editing, {
                  onSuccess: () => {
                    void message.success(t('setup.permissionsSaved'));
                    setEditing(null);
                  },
                  onError: (e) => void message.error(apiErrorText(e, t('loadFailed'))),
                })
              }
            >
              {t('save')}
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              {t('cancel')}
            </Button>
          </Space>
        ) : (
          <Space wrap>
            <Button size="small" onClick={() => setEditing({ id: a.id, permissions: a.permissions })} data-testid="permissions-open">
              {t('setup.editPermissions')}
            </Button>
            <Button
              size="small"
              danger
              data-testid="admin-remove"
              onClick={() =>
                void modal.confirm({
                  title: t('setup.remove'),
                  content: t('setup.removeConfirm', { email: a.email }),
                  okButtonProps: { danger: true },
                  okText: t('confirm'),
                  cancelText: t('cancel'),
                  onOk: () =>
                    remove.mutateAsync(a.id).then(
                      () => void message.success(t('setup.removed')),
                      (e: unknown) => void message.error(apiErrorText(e, t('loadFailed'))),
                    ),
                })
              }
            >
              {t('setup.remove')}
            </Button>
          </Space>
        ),
    },
  ];

  const sendInvite = () => {
    setInviteError(null);
    const em = emailField.safeParse(email);
    if (!em.success) return setInviteError(errorText(em.error.issues[0].message));
    if (grant.length === 0) return setInviteError(errorText('PERMISSIONS_REQUIRED'));
    invite.mutate(
      { email: em.data, permissions: grant },
      {
        onSuccess: () => {
          void message.success(t('setup.inviteSent', { email: em.data }));
          setEmail('');
          setGrant([]);
        },
        onError: (e) => setInviteError(apiErrorText(e, t('loadFailed'))),
      },
    );
  };

  return (
    <div className="container" style={{ padding: '24px 16px' }} data-testid="admin-setup-manage">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }} wrap>
        <h1 style={{ margin: 0 }}>{t('setup.title')}</h1>
        <Link to="/admin">
          <Button>{t('setup.openConsole')}</Button>
        </Link>
      </Space>
      <p className="adm-auth__notice">{t('setup.adminsIntro')}</p>
      {q.isError && <Alert type="error" showIcon title={apiErrorText(q.error, t('loadFailed'))} />}
      <Card size="small" title={t('setup.admins')} className="adm-section">
        <Table<AdminRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={q.data?.items ?? []}
          loading={q.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      <Card size="small" title={t('setup.invite')} className="adm-section" data-testid="invite-form">
        {inviteError && <Alert type="error" showIcon role="alert" title={inviteError} style={{ marginBottom: 12 }} />}
        <Form layout="vertical" onFinish={sendInvite}>
          <Form.Item label={t('setup.inviteEmail')} htmlFor="invite-email" required>
            <Input id="invite-email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="invite-email" />
          </Form.Item>
          <Form.Item label={t('setup.invitePermissions')} required>
            <Checkbox.Group options={options} value={grant} onChange={(v) => setGrant(v)} data-testid="invite-permissions" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={invite.isPending} data-testid="invite-send">
            {t('setup.inviteSend')}
          </Button>
        </Form>
        {(q.data?.invites.length ?? 0) > 0 && (
          <>
            <h3 style={{ marginTop: 16 }}>{t('setup.invites')}</h3>
            <ul data-testid="invite-list">
              {q.data?.invites.map((i) => (
                <li key={i.id}>
                  {i.email} · {f.list(i.permissions.map((p) => t(`permission.${p}`)))} · {t('setup.expiresAt')} {f.dateTime(i.expiresAt)}{' '}
                  <Button
                    size="small"
                    type="link"
                    onClick={() =>
                      revoke.mutate(i.id, {
                        onSuccess: () => void message.success(t('setup.revoked')),
                        onError: (e) => void message.error(apiErrorText(e, t('loadFailed'))),
                      })
                    }
                  >
                    {t('setup.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
    </div>
  );
}
