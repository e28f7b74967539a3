import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Space } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import { passwordResetConfirm } from '@shared/schemas/auth';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useCountdown } from '../../lib/useCountdown';
import { useConfirmPasswordReset, useRequestPasswordReset } from './api';
import { normalizeEmail } from './EmailVerification';
import { useFieldText } from './useFieldText';
import { issuesToErrors, serverFieldErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';

type Props = {
  initialEmail?: string;
  /** the password was reset; `email` is the address, for the sign-in form */
  onDone: (email: string) => void;
  /** back to the sign-in form without resetting */
  onCancel?: () => void;
  autoFocus?: boolean;
};

/**
 * 忘记密码: email → 发送验证码 (the same answer whether the address is registered) → code, 新密码,
 * 确认新密码 → 重置密码. The server ends every session of the account; the user then signs in.
 */
export function PasswordResetForm({ initialEmail = '', onDone, onCancel, autoFocus = false }: Props) {
  const { t } = useTranslation('auth');
  const { apiErrorText } = useErrorText();
  const fieldText = useFieldText();
  const idPrefix = `reset-${useId().replace(/:/g, '')}`;
  const send = useRequestPasswordReset();
  const confirm = useConfirmPasswordReset();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sendNote, setSendNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState<{ email: string; until: number } | null>(null);

  const normalized = normalizeEmail(email);
  const currentEmail = 'email' in normalized ? normalized.email : null;
  const secondsLeft = useCountdown(cooldown && cooldown.email === currentEmail ? cooldown.until : null);

  const sendCode = () => {
    setFormError(null);
    setSendNote(null);
    if ('error' in normalized) {
      setErrors((x) => ({ ...x, email: { code: normalized.error } }));
      return;
    }
    const addr = normalized.email;
    send.mutate(addr, {
      onSuccess: (res) => {
        setCooldown({ email: addr, until: Date.now() + (res.cooldownSeconds || LIMITS.codeResendCooldownSeconds) * 1000 });
        setSendNote({ ok: true, text: t('reset.codeSent', { email: addr }) });
      },
      onError: (err) => {
        if (isApiError(err) && err.code === 'CODE_COOLDOWN') {
          const s = Number(err.params?.seconds);
          if (Number.isFinite(s) && s > 0) setCooldown({ email: addr, until: Date.now() + s * 1000 });
        }
        setSendNote({ ok: false, text: apiErrorText(err, t('reset.sendFailed')) });
      },
    });
  };

  const submit = () => {
    setFormError(null);
    const parsed = passwordResetConfirm.safeParse({ email, code, password, confirmPassword });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    confirm.mutate(parsed.data, {
      onSuccess: () => {
        setPassword('');
        setConfirmPassword('');
        onDone(parsed.data.email);
      },
      onError: (err) => {
        if (isApiError(err) && err.fields) setErrors(serverFieldErrors(err.fields));
        setFormError(apiErrorText(err, t('reset.failed'), t('reset.unavailable')));
      },
    });
  };

  const change = (field: string, set: (v: string) => void) => (value: string) => {
    set(value);
    setErrors((x) => withoutPrefix(x, field));
    setFormError(null);
  };

  const emailError = fieldText(errors.email);
  const codeError = fieldText(errors.code);
  const pwdError = fieldText(errors.password);
  const confirmError = fieldText(errors.confirmPassword);
  const help = (field: string, text: string | undefined) => (text ? <span id={`${idPrefix}-${field}-help`}>{text}</span> : undefined);
  const emailHelp = emailError ? (
    help('email', emailError)
  ) : sendNote ? (
    <span
      id={`${idPrefix}-email-help`}
      className={sendNote.ok ? 'field-ok' : 'field-error'}
      role={sendNote.ok ? 'status' : 'alert'}
      data-testid="reset-send-note"
    >
      {sendNote.text}
    </span>
  ) : undefined;
  const described = (field: string, on: unknown) => (on ? `${idPrefix}-${field}-help` : undefined);

  return (
    <Form layout="vertical" requiredMark onFinish={submit} className="reset-form" data-testid="reset-form">
      <p className="reset-form__intro">{t('reset.intro')}</p>
      <Form.Item label={t('reset.email')} htmlFor={`${idPrefix}-email`} required validateStatus={emailError ? 'error' : undefined} help={emailHelp}>
        <Space.Compact block>
          <Input
            id={`${idPrefix}-email`}
            type="email"
            size="large"
            autoComplete="email"
            inputMode="email"
            autoFocus={autoFocus}
            prefix={<MailOutlined aria-hidden="true" />}
            placeholder={t('reset.emailPlaceholder')}
            value={email}
            onChange={(e) => {
              change('email', setEmail)(e.target.value);
              setSendNote(null);
            }}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={described('email', emailHelp)}
            data-testid="reset-email"
          />
          <Button size="large" onClick={sendCode} loading={send.isPending} disabled={secondsLeft > 0} className="send-code-btn" data-testid="reset-send-code">
            {send.isPending ? t('reset.sending') : secondsLeft > 0 ? t('reset.resendIn', { seconds: secondsLeft }) : t('reset.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('reset.code')} htmlFor={`${idPrefix}-code`} required validateStatus={codeError ? 'error' : undefined} help={help('code', codeError)}>
        <Input
          id={`${idPrefix}-code`}
          size="large"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.emailCodeLength}
          prefix={<SafetyOutlined aria-hidden="true" />}
          placeholder={t('reset.codePlaceholder')}
          value={code}
          onChange={(e) => change('code', setCode)(e.target.value.replace(/\D/g, '').slice(0, LIMITS.emailCodeLength))}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={described('code', codeError)}
          data-testid="reset-code"
        />
      </Form.Item>
      <Form.Item
        label={t('reset.newPassword')}
        htmlFor={`${idPrefix}-password`}
        required
        validateStatus={pwdError ? 'error' : undefined}
        help={help('password', pwdError)}
      >
        <Input.Password
          id={`${idPrefix}-password`}
          size="large"
          autoComplete="new-password"
          prefix={<LockOutlined aria-hidden="true" />}
          placeholder={t('reset.newPasswordPlaceholder')}
          value={password}
          onChange={(e) => change('password', setPassword)(e.target.value)}
          aria-invalid={pwdError ? true : undefined}
          aria-describedby={described('password', pwdError)}
          data-testid="reset-password"
        />
      </Form.Item>
      <Form.Item
        label={t('reset.confirmPassword')}
        htmlFor={`${idPrefix}-confirm`}
        required
        validateStatus={confirmError ? 'error' : undefined}
        help={help('confirmPassword', confirmError)}
      >
        <Input.Password
          id={`${idPrefix}-confirm`}
          size="large"
          autoComplete="new-password"
          prefix={<LockOutlined aria-hidden="true" />}
          placeholder={t('reset.confirmPlaceholder')}
          value={confirmPassword}
          onChange={(e) => change('confirmPassword', setConfirmPassword)(e.target.value)}
          aria-invalid={confirmError ? true : undefined}
          aria-describedby={described('confirmPassword', confirmError)}
          data-testid="reset-confirm"
        />
      </Form.Item>
      {formError && <Alert type="error" showIcon title={formError} className="form-alert" data-testid="reset-error" />}
      <Button type="primary" htmlType="submit" size="large" block loading={confirm.isPending} data-testid="reset-submit">
        {confirm.isPending ? t('reset.submitting') : t('reset.submit')}
      </Button>
      {onCancel && (
        <p className="auth-dialog__switch">
          <button type="button" className="link-button" onClick={onCancel} data-testid="reset-back">
            {t('reset.back')}
          </button>
        </p>
      )}
    </Form>
  );
}
