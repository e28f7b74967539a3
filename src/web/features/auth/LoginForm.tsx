import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { loginRequest } from '@shared/schemas/auth';
import type { Me } from './api';
import { useErrorText } from '../../lib/errors';
import { useLogin } from './api';
import { useFieldText } from './useFieldText';
import { issuesToErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';
import { useEarlyField } from '../../lib/useEarlyInput';

type Props = {
  onSuccess?: (user: Me) => void;
  autoFocus?: boolean;
  initialEmail?: string;
  /** a success note above the form (e.g. 密码已重置，请使用新密码登录) */
  notice?: string | null;
  /** shows 忘记密码？; called with the email typed so far */
  onForgot?: (email: string) => void;
};

/** Email + password sign-in (dialog and /login-test). */
export function LoginForm({ onSuccess, autoFocus = false, initialEmail = '', notice, onForgot }: Props) {
  const { t } = useTranslation('auth');
  const { apiErrorText } = useErrorText();
  const fieldText = useFieldText();
  const idPrefix = `login-${useId().replace(/:/g, '')}`;
  const login = useLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // typed on the server's page before the code arrived (/login-test, /forgot-password after a reset): kept
  useEarlyField(`${idPrefix}-email`, email, setEmail);
  useEarlyField(`${idPrefix}-password`, password, setPassword);

  const submit = () => {
    setFormError(null);
    const parsed = loginRequest.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (res) => {
        setPassword('');
        onSuccess?.(res.user);
      },
      // the server's text for its code, else 登录失败，请重试; unreachable: 登录服务暂时不可用，请稍后重试
      onError: (err) => setFormError(apiErrorText(err, t('login.failed'), t('login.unavailable'))),
    });
  };

  const emailError = fieldText(errors.email);
  const pwdError = fieldText(errors.password);

  return (
    <Form layout="vertical" requiredMark onFinish={submit} className="login-form" data-testid="login-form">
      {notice && <Alert type="success" showIcon title={notice} className="form-alert" role="status" data-testid="login-notice" />}
      <Form.Item
        label={t('login.email')}
        htmlFor={`${idPrefix}-email`}
        required
        validateStatus={emailError ? 'error' : undefined}
        help={emailError ? <span id={`${idPrefix}-email-help`}>{emailError}</span> : undefined}
      >
        <Input
          id={`${idPrefix}-email`}
          type="email"
          size="large"
          autoComplete="email"
          inputMode="email"
          autoFocus={autoFocus}
          prefix={<MailOutlined aria-hidden="true" />}
          placeholder={t('login.emailPlaceholder')}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((x) => withoutPrefix(x, 'email'));
            setFormError(null);
          }}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${idPrefix}-email-help` : undefined}
          data-testid="login-email"
        />
      </Form.Item>
      <Form.Item
        label={t('login.password')}
        htmlFor={`${idPrefix}-password`}
        required
        validateStatus={pwdError ? 'error' : undefined}
        help={pwdError ? <span id={`${idPrefix}-password-help`}>{pwdError}</span> : undefined}
      >
        <Input.Password
          id={`${idPrefix}-password`}
          size="large"
          autoComplete="current-password"
          prefix={<LockOutlined aria-hidden="true" />}
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => withoutPrefix(x, 'password'));
            setFormError(null);
          }}
          aria-invalid={pwdError ? true : undefined}
          aria-describedby={pwdError ? `${idPrefix}-password-help` : undefined}
          data-testid="login-password"
        />
      </Form.Item>
      {onForgot && (
        <p className="login-form__forgot">
          <button type="button" className="link-button" onClick={() => onForgot(email.trim())} data-testid="login-forgot">
            {t('login.forgot')}
          </button>
        </p>
      )}
      {formError && <Alert type="error" showIcon title={formError} className="form-alert" data-testid="login-error" />}
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending} data-testid="login-submit">
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </Form>
  );
}
