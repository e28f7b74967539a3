import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Tag } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useFeedback } from '../../components/feedback';
import { usePageTitle } from '../../lib/usePageTitle';
import { useFormat } from '../../lib/format';
import { useMe, useSignOut } from './api';
import { SignInPanel } from './SignInPanel';
import { testPermissions } from './permissions';
import './auth.css';

/** /login-test — sign in with an existing account and see the session, type and test permissions. */
export default function LoginTestPage() {
  const { t } = useTranslation('auth');
  const f = useFormat();
  usePageTitle(t('loginTest.documentTitle'));
  const feedback = useFeedback();
  const me = useMe();
  const user = me.isError ? null : me.data;
  const { signOut, busy } = useSignOut();

  return (
    <div className="page login-test">
      <div className="container">
        <header className="page-head">
          <h1>{t('loginTest.title')}</h1>
          <p>{t('loginTest.subtitle')}</p>
        </header>
        <div className="login-test__grid">
          <section className="card" aria-labelledby="login-test-form">
            <h2 id="login-test-form" className="card-title">
              {t('loginTest.formTitle')}
            </h2>
            <SignInPanel onSuccess={() => feedback.success(t('login.success'))} />
            <p className="login-test__foot">
              <Link to="/signup">{t('loginTest.noAccount')}</Link>
            </p>
          </section>

          <section className="card" aria-labelledby="login-test-status" data-testid="login-test-status" aria-busy={me.isPending}>
            <h2 id="login-test-status" className="card-title">
              {t('loginTest.statusTitle')}
            </h2>
            {me.isPending ? (
              <div className="login-test__empty">
                <span className="spinner" aria-hidden="true" />
              </div>
            ) : user ? (
              <>
                <div className="login-test__who">
                  <span className="user-trigger__avatar login-test__avatar" aria-hidden="true">
                    <UserOutlined />
                  </span>
                  <div>
                    <span className="badge badge--ok">{t('loginTest.signedIn')}</span>
                    <p className="login-test__email" data-testid="login-test-email">
                      {user.email}
                    </p>
                  </div>
                </div>
                <dl className="info-list">
                  <div>
                    <dt>{t('loginTest.userType')}</dt>
                    <dd data-testid="login-test-user-type" data-user-type={user.userType ?? 'none'}>
                      {t(`loginTest.types.${user.userType ?? 'none'}`)} <code>{user.userType ?? '—'}</code>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('loginTest.userId')}</dt>
                    <dd>
                      <code>{user.id}</code>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('loginTest.createdAt')}</dt>
                    <dd>{f.dateTime(user.createdAt)}</dd>
                  </div>
                  <div>
                    <dt>{t('loginTest.permissions')}</dt>
                    <dd data-testid="login-test-permissions">
                      {testPermissions(user.userType).length === 0
                        ? t('loginTest.noPermissions')
                        : testPermissions(user.userType).map((p) => (
                            <Tag key={p} className="perm-tag" data-permission={p}>
                              {t(`loginTest.perms.${p}`)} <code>{p}</code>
                            </Tag>
                          ))}
                    </dd>
                  </div>
                </dl>
                <Button icon={<LogoutOutlined />} danger size="large" loading={busy} onClick={() => void signOut()} data-testid="login-test-logout">
                  {busy ? t('loginTest.loggingOut') : t('loginTest.logout')}
                </Button>
              </>
            ) : (
              <div className="login-test__empty" data-testid="login-test-signed-out">
                <UserOutlined className="login-test__empty-icon" aria-hidden="true" />
                <p className="login-test__empty-title">{t('loginTest.notSignedIn')}</p>
                <p>{t('loginTest.notSignedInHint')}</p>
              </div>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
