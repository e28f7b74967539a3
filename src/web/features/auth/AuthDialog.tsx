import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal, Segmented } from 'antd';
import type { SignupUserType } from '@shared/options';
import { useFeedback } from '../../components/feedback';
import type { AuthDialogMode } from './authDialogContext';
import { SignInPanel } from './SignInPanel';
import { SignupForm } from './SignupForm';
import { useSignupSuccess } from './useSignupSuccess';
import './auth.css';

type Props = {
  open: boolean;
  initialMode: AuthDialogMode;
  initialUserType: SignupUserType;
  onClose: () => void;
};

/** The sign-in / sign-up dialog with its 登录 / 注册 mode toggle. */
export default function AuthDialog({ open, initialMode, initialUserType, onClose }: Props) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [mode, setMode] = useState<AuthDialogMode>(initialMode);
  const [resetting, setResetting] = useState(false);
  const onSignupSuccess = useSignupSuccess(onClose);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      centered
      destroyOnHidden
      width={mode === 'signup' ? 640 : 440}
      title={mode === 'signin' ? (resetting ? t('reset.title') : t('dialog.signInTitle')) : t('dialog.signUpTitle')}
      className="auth-dialog"
      data-testid="auth-dialog"
    >
      <Segmented<AuthDialogMode>
        block
        size="large"
        value={mode}
        onChange={(m) => {
          setMode(m);
          setResetting(false);
        }}
        aria-label={t('dialog.modeLabel')}
        className="auth-dialog__mode"
        options={[
          { value: 'signin', label: <span data-testid="auth-mode-signin">{t('dialog.signInTitle')}</span> },
          { value: 'signup', label: <span data-testid="auth-mode-signup">{t('dialog.signUpTitle')}</span> },
        ]}
      />
      <p className="auth-dialog__welcome">{mode === 'signin' ? t('dialog.signInWelcome') : t('dialog.signUpWelcome')}</p>
      {mode === 'signin' ? (
        <>
          <SignInPanel
            autoFocus
            onModeChange={(m) => setResetting(m === 'reset')}
            onSuccess={() => {
              feedback.success(t('login.success'));
              onClose();
            }}
          />
          <p className="auth-dialog__switch">
            {t('dialog.noAccount')}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onClose();
                navigate('/signup');
              }}
              data-testid="dialog-register-now"
            >
              {t('dialog.registerNow')}
            </button>
          </p>
        </>
      ) : (
        <SignupForm variant="dialog" initialUserType={initialUserType} onSuccess={(_user, type) => onSignupSuccess(type)} />
      )}
    </Modal>
  );
}
