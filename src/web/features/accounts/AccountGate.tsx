import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExclamationCircleOutlined, LockOutlined, StopOutlined } from '@ant-design/icons';
import type { Me } from '../auth/api';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { meQueryKey } from '../auth/api';
import { Gate } from '../../components/Gate';
import { Loading, LoadFailed, StateBox } from '../../components/PageState';
import { useAuthDialog } from '../auth/authDialogContext';

export type LoginCode = 'LOGIN_REQUIRED_PROFILE' | 'LOGIN_REQUIRED_SETTINGS';
export type RoleCode = 'COMPANY_ONLY' | 'INFLUENCER_ONLY' | 'FORBIDDEN';

export function PageSpinner() {
  const { t } = useTranslation('accounts');
  return <Loading label={t('gate.loading')} testId="account-loading" />;
}

/** A notice of the account pages, drawn by the shared StateBox. */
function StatusBlock({ icon, title, text, actions, testId }: { icon: ReactNode; title: string; text?: string; actions: ReactNode; testId: string }) {
  return (
    <div className="container acc-status">
      <StateBox testId={testId} level={1} icon={icon} title={title} text={text} actions={actions} />
    </div>
  );
}

/** Visitor: 请先登录后再访问个人中心 (or the settings variant) and a sign-in button (opens the dialog). */
export function SignInNotice({ code }: { code: LoginCode }) {
  const { t } = useTranslation('accounts');
  const { errorText } = useErrorText();
  const dialog = useAuthDialog();
  return (
    <StatusBlock
      testId="login-required"
      icon={<LockOutlined />}
      title={errorText(code)}
      actions={
        <>
          <button type="button" className="btn btn--primary" onClick={() => dialog.open({ mode: 'signin' })} data-testid="login-required-signin">
            {t('gate.signIn')}
          </button>
          <Link to="/" className="btn btn--ghost">
            {t('gate.backHome')}
          </Link>
        </>
      }
    />
  );
}

/** Wrong role: 权限不足 with the page's message (只有企业用户可以访问此页面 …). */
export function ForbiddenNotice({ code }: { code: RoleCode }) {
  const { t } = useTranslation('accounts');
  const { errorText } = useErrorText();
  return (
    <StatusBlock
      testId="access-denied"
      icon={<StopOutlined />}
      title={errorText('FORBIDDEN')}
      text={code === 'FORBIDDEN' ? undefined : errorText(code)}
      actions={
        <Link to="/" className="btn btn--primary">
          {t('gate.backHome')}
        </Link>
      }
    />
  );
}

type GateProps = {
  /** the account type the page is for; omitted = any signed-in user */
  role?: 'influencer' | 'company';
  loginCode: LoginCode;
  /** rendered for a visitor instead of the sign-in notice (e.g. a redirect) */
  visitor?: ReactNode;
  children: (user: Me) => ReactNode;
};

/** Renders the page for the right signed-in user, decided from the current session before any call. */
export function AccountGate({ role, loginCode, visitor, children }: GateProps) {
  return (
    <Gate
      role={role}
      loading={<PageSpinner />}
      visitor={visitor ?? <SignInNotice code={loginCode} />}
      denied={<ForbiddenNotice code={role === 'company' ? 'COMPANY_ONLY' : 'INFLUENCER_ONLY'} />}
    >
      {children}
    </Gate>
  );
}

/**
 * A failed page query: the server's 401 means the session is gone (the header updates too),
 * 403 is the role message, anything else offers a retry.
 */
export function QueryProblem({ error, loginCode, onRetry, fallback }: { error: unknown; loginCode: LoginCode; onRetry: () => void; fallback?: string }) {
  const { t } = useTranslation('accounts');
  const { apiErrorText } = useErrorText();
  const qc = useQueryClient();
  const unauthenticated = isApiError(error) && error.status === 401;
  useEffect(() => {
    if (unauthenticated) qc.setQueryData(meQueryKey, null);
  }, [unauthenticated, qc]);

  if (unauthenticated) return <SignInNotice code={loginCode} />;
  if (isApiError(error) && error.status === 403) {
    const code: RoleCode = error.code === 'COMPANY_ONLY' ? 'COMPANY_ONLY' : error.code === 'INFLUENCER_ONLY' ? 'INFLUENCER_ONLY' : 'FORBIDDEN';
    return <ForbiddenNotice code={code} />;
  }
  return (
    <div className="container acc-status">
      <LoadFailed
        testId="load"
        level={1}
        icon={<ExclamationCircleOutlined />}
        title={fallback ?? t('gate.loadFailed')}
        text={isApiError(error) && !error.network && error.status !== 500 ? apiErrorText(error, t('gate.loadError')) : undefined}
        onRetry={onRetry}
      />
    </div>
  );
}
