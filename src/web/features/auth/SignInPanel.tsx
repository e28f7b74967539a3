import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from './api';
import { LoginForm } from './LoginForm';
import { PasswordResetForm } from './PasswordResetForm';

type Props = {
  onSuccess?: (user: Me) => void;
  autoFocus?: boolean;
  /** told when the panel switches between sign-in and 忘记密码 (the dialog changes its title) */
  onModeChange?: (mode: 'signin' | 'reset') => void;
  initialMode?: 'signin' | 'reset';
};

/**
 * The sign-in form with its 忘记密码？ link: the link turns the panel into the password reset form;
 * after a reset the sign-in form comes back with the email filled in and 密码已重置，请使用新密码登录.
 */
export function SignInPanel({ onSuccess, autoFocus = false, onModeChange, initialMode = 'signin' }: Props) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'signin' | 'reset'>(initialMode);
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const go = (next: 'signin' | 'reset') => {
    setMode(next);
    onModeChange?.(next);
  };

  return mode === 'reset' ? (
    <PasswordResetForm
      autoFocus
      initialEmail={email}
      onCancel={() => {
        setNotice(null);
        go('signin');
      }}
      onDone={(addr) => {
        setEmail(addr);
        setNotice(t('reset.done'));
        go('signin');
      }}
    />
  ) : (
    <LoginForm
      key={`${email}|${notice ?? ''}`}
      autoFocus={autoFocus || notice !== null}
      initialEmail={email}
      notice={notice}
      onSuccess={onSuccess}
      onForgot={(typed) => {
        setEmail(typed);
        setNotice(null);
        go('reset');
      }}
    />
  );
}
