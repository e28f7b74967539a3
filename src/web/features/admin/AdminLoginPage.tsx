import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Card, Collapse, Form, Input } from 'antd';
import { ApiOutlined, ArrowLeftOutlined, ClearOutlined, LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { adminLoginRequest } from '@shared/schemas/admin';
import { isApiError } from '../../lib/api';
import { client, data } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { useFormat } from '../../lib/format';
import type { Prefetch } from '../../app/prefetch';
import { setupStatusQuery, useAdminLogin } from './api';
import { DEBUG_LOG_SIZE, LOGIN_REDIRECT_MS, LOGIN_TIMEOUT_MS } from './constants';
import './admin.css';

type Connection = 'unknown' | 'testing' | 'success' | 'failed';
type Stage = 'idle' | 'auth' | 'success';
const BADGE: Record<Connection, 'default' | 'processing' | 'success' | 'error'> = {
  unknown: 'default',
  testing: 'processing',
  success: 'success',
  failed: 'error',
};

/** The server renders the page with whether an admin exists yet (public: the note that points to /admin-setup). */
export const prefetch: Prefetch = ({ queryClient }) => queryClient.prefetchQuery(setupStatusQuery);

/**
 * /admin-login (part 2 §2): admins only — the server refuses every other account (权限不足，只有超级管理员
 * 可以访问此页面) and never makes anyone an admin here. Connection test against /api/health, the last 9
 * debug-log entries, progress messages, /admin 800 ms after success.
 */
export default function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const f = useFormat();
  usePageTitle(t('login.documentTitle'));
  const navigate = useNavigate();
  const { errorText } = useErrorText();
  const login = useAdminLogin();
  const setup = useQuery(setupStatusQuery);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<{ text: string; suggestions: string[] } | null>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [connection, setConnection] = useState<Connection>('unknown');
  const [log, setLog] = useState<string[]>([]);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const debug = (line: string) => setLog((l) => [...l, `${f.time(Date.now())} ${line}`].slice(-DEBUG_LOG_SIZE));

  const fieldError = (key: string) => {
    const code = errors[key];
    if (!code) return undefined;
    if (key === 'email') return t('login.errors.emailInvalid');
    return t('login.errors.passwordRequired');
  };

  const failure = (err: unknown): { text: string; suggestions: string[] } => {
    const s = (...keys: string[]) => keys.map((k) => t(`login.suggestions.${k}` as 'login.suggestions.network'));
    if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      return { text: t('login.errors.timeout'), suggestions: s('network', 'refresh', 'status', 'support') };
    }
    if (isApiError(err)) {
      if (err.network) return { text: t('login.errors.network'), suggestions: s('network', 'firewall') };
      if (err.code === 'INVALID_CREDENTIALS') return { text: t('login.errors.invalid'), suggestions: [] };
      if (err.code === 'RATE_LIMITED') return { text: t('login.errors.tooMany'), suggestions: [] };
      if (err.code === 'ADMIN_ONLY' || err.code === 'ACCOUNT_SUSPENDED' || err.code === 'ADMIN_EMAIL_INVALID') {
        // the server's own text, in the current language
        return { text: errorText(err.code), suggestions: [] };
      }
      return { text: t('login.errors.other', { message: err.message }), suggestions: [] };
    }
    return { text: t('login.errors.other', { message: err instanceof Error ? err.message : String(err) }), suggestions: [] };
  };
  const submit = () => {
    setError(null);
    const parsed = adminLoginRequest.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setStage('auth');
    debug(`login: ${parsed.data.email}`);
    login.mutate(
      { body: parsed.data, signal: AbortSignal.timeout(LOGIN_TIMEOUT_MS) },
      {
        onSuccess: () => {
          debug('auth ok, admin session created');
          setStage('success');
          setPassword('');
          timers.current.push(window.setTimeout(() => void navigate('/admin', { replace: true }), LOGIN_REDIRECT_MS));
        },
        onError: (err) => {
          setStage('idle');
          const f = failure(err);
          debug(`login failed: ${isApiError(err) ? err.code : String(err)}`);
          setError(f);
        },
      },
    );
  };

  const testConnection = async () => {
    setConnection('testing');
    debug('connection test: GET /api/health');
    try {
      const res = await data(client.GET('/api/health', { signal: AbortSignal.timeout(LOGIN_TIMEOUT_MS) }));
      // degraded (Redis, storage or mail down) still serves: sign-in works
      const serving = res.status === 'ok' || res.status === 'degraded';
      setConnection(serving ? 'success' : 'failed');
      debug(`connection test: ${res.status}`);
      if (!serving) setError({ text: t('login.errors.connection', { error: res.status }), suggestions: [] });
    } catch (err) {
      setConnection('failed');
      debug(`connection test failed: ${isApiError(err) ? err.code : String(err)}`);
      setError(
        isApiError(err) && !err.network
          ? { text: t('login.errors.connection', { error: err.message }), suggestions: [] }
          : { text: t('login.errors.connectionException'), suggestions: [] },
      );
    }
  };

  const clear = () => {
    setEmail('');
    setPassword('');
    setErrors({});
    setError(null);
    setStage('idle');
    debug('cleared');
  };

  const busy = login.isPending || stage === 'success';
  const progress = stage === 'idle' ? null : t(`login.progress.${stage}`);

  return (
    <div className="adm-auth" data-testid="admin-login">
      <Card
        title={
          <span>
            <SafetyOutlined /> {t('login.title')}
          </span>
        }
      >
        <h1 className="visually-hidden">{t('login.title')}</h1>
        <p className="adm-auth__notice">{t('login.notice')}</p>
        {error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="admin-login-error"
            title={error.text}
            description={
              error.suggestions.length ? (
                <span>
                  {t('login.suggestions.title')} {error.suggestions.join(t('login.suggestions.separator'))}
                </span>
              ) : undefined
            }
            style={{ marginBottom: 16 }}
          />
        )}
        {progress && (
          <Alert
            type={stage === 'success' ? 'success' : 'info'}
            showIcon
            title={progress}
            role="status"
            data-testid="admin-login-progress"
            style={{ marginBottom: 16 }}
          />
        )}
        <Form layout="vertical" onFinish={submit} requiredMark>
          <Form.Item label={t('login.email')} htmlFor="admin-email" required validateStatus={errors.email ? 'error' : undefined} help={fieldError('email')}>
            <Input
              id="admin-email"
              prefix={<MailOutlined />}
              inputMode="email"
              autoComplete="username"
              placeholder={t('login.emailPlaceholder')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              data-testid="admin-email"
            />
          </Form.Item>
          <Form.Item
            label={t('login.password')}
            htmlFor="admin-password"
            required
            validateStatus={errors.password ? 'error' : undefined}
            help={fieldError('password')}
          >
            <Input.Password
              id="admin-password"
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              iconRender={(visible) => <span aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}>{visible ? '🙈' : '👁'}</span>}
              data-testid="admin-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="admin-login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <div className="adm-auth__buttons" style={{ marginTop: 16 }}>
          <Link to="/">
            <Button icon={<ArrowLeftOutlined />}>{t('login.back')}</Button>
          </Link>
          <Button icon={<ClearOutlined />} onClick={clear} data-testid="admin-login-clear">
            {t('login.clear')}
          </Button>
          <Button icon={<ApiOutlined />} onClick={() => void testConnection()} loading={connection === 'testing'} data-testid="admin-connection-test">
            {t('login.test')}
          </Button>
          <span data-testid="admin-connection" data-state={connection}>
            <Badge status={BADGE[connection]} text={`${t('login.connection.label')}: ${t(`login.connection.${connection}`)}`} />
          </span>
        </div>
        {setup.data && !setup.data.hasAdmin && (
          <p style={{ marginTop: 16 }}>
            <Link to="/admin-setup">{t('login.setupLink')}</Link>
          </p>
        )}
        <Collapse
          ghost
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'debug',
              label: t('login.debug'),
              children: log.length ? (
                <ol className="adm-debug" data-testid="admin-debug-log">
                  {log.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ol>
              ) : (
                <span>{t('login.debugEmpty')}</span>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
