import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Space } from 'antd';
import { CheckCircleFilled, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import { emailCodeRequest } from '@shared/schemas/auth';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { session } from '../../lib/storage';
import { useEarlyField } from '../../lib/useEarlyInput';
import { useCountdown } from '../../lib/useCountdown';
import { useSendEmailCode, useVerifyEmailCode } from './api';

const COOLDOWN_KEY = 'signup.cooldown';
type Cooldown = { email: string; until: number };

/** Trimmed, lower-cased email, or the error code why it is not acceptable. */
export function normalizeEmail(raw: string): { email: string } | { error: string } {
  const r = emailCodeRequest.safeParse({ email: raw });
  return r.success ? { email: r.data.email } : { error: r.error.issues[0]?.message ?? 'EMAIL_INVALID' };
}

type CodeState = { kind: 'idle' } | { kind: 'verifying' } | { kind: 'verified' } | { kind: 'error'; text: string };

type Props = {
  idPrefix: string;
  email: string;
  onEmailChange: (email: string) => void;
  /** the normalized email that passed verification, or null */
  verifiedEmail: string | null;
  onVerified: (email: string | null) => void;
  /** a validation / server error for the email field */
  emailError?: string;
};

/**
 * Email + 发送验证码 (60 s cool-down) + 6-digit code, verified automatically on the 6th digit
 * (验证成功！ / 验证码错误，请重试). Verification is done by the server.
 */
export function EmailVerification({ idPrefix, email, onEmailChange, verifiedEmail, onVerified, emailError }: Props) {
  const { t } = useTranslation('auth');
  const { errorText, apiErrorText } = useErrorText();
  const send = useSendEmailCode();
  const verify = useVerifyEmailCode();
  const [cooldown, setCooldown] = useState<Cooldown | null>(() => session.get<Cooldown>(COOLDOWN_KEY));
  const [sendNote, setSendNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [localEmailError, setLocalEmailError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeState, setCodeState] = useState<CodeState>({ kind: 'idle' });
  const verifySeq = useRef(0);

  const normalized = normalizeEmail(email);
  const currentEmail = 'email' in normalized ? normalized.email : null;
  const isVerified = verifiedEmail !== null && verifiedEmail === currentEmail;
  const secondsLeft = useCountdown(cooldown && cooldown.email === currentEmail ? cooldown.until : null);

  const startCooldown = (addr: string, seconds: number) => {
    const c = { email: addr, until: Date.now() + seconds * 1000 };
    setCooldown(c);
    session.set(COOLDOWN_KEY, c);
  };

  const handleEmailChange = (value: string) => {
    onEmailChange(value);
    setLocalEmailError(null);
    setSendNote(null);
    if (verifiedEmail) {
      const n = normalizeEmail(value);
      if (!('email' in n) || n.email !== verifiedEmail) {
        onVerified(null);
        setCode('');
        setCodeState({ kind: 'idle' });
      }
    }
  };

  // typed into the server's /signup before the code arrived: taken as typed now
  useEarlyField(`${idPrefix}-email`, email, (value) => handleEmailChange(value));

  const sendCode = () => {
    const n = normalizeEmail(email);
    if ('error' in n) {
      setLocalEmailError(errorText(n.error));
      return;
    }
    setLocalEmailError(null);
    setSendNote(null);
    send.mutate(n.email, {
      onSuccess: (res) => {
        startCooldown(n.email, res.cooldownSeconds || LIMITS.codeResendCooldownSeconds);
        setSendNote({ ok: true, text: t('signup.codeSent', { email: n.email }) });
      },
      onError: (err) => {
        if (isApiError(err) && err.code === 'CODE_COOLDOWN') {
          const s = Number(err.params?.seconds);
          if (Number.isFinite(s) && s > 0) startCooldown(n.email, s);
        }
        setSendNote({ ok: false, text: apiErrorText(err, t('signup.sendFailed')) });
      },
    });
  };

  const runVerify = (digits: string) => {
    const n = normalizeEmail(email);
    if ('error' in n) {
      setLocalEmailError(errorText(n.error));
      setCodeState({ kind: 'idle' });
      return;
    }
    const seq = ++verifySeq.current;
    setCodeState({ kind: 'verifying' });
    verify.mutate(
      { email: n.email, code: digits },
      {
        onSuccess: () => {
          if (seq !== verifySeq.current) return;
          setCodeState({ kind: 'verified' });
          onVerified(n.email);
        },
        onError: (err) => {
          if (seq !== verifySeq.current) return;
          setCodeState({ kind: 'error', text: apiErrorText(err, errorText('CODE_INVALID'), errorText('UNAVAILABLE')) });
        },
      },
    );
  };

  const handleCodeChange = (raw: string) => {
    const digits = raw.replace(/\D/g, '').slice(0, LIMITS.emailCodeLength);
    setCode(digits);
    if (digits.length === LIMITS.emailCodeLength) {
      if (digits !== code || codeState.kind !== 'verified') runVerify(digits);
    } else {
      verifySeq.current++;
      setCodeState({ kind: 'idle' });
    }
  };

  const emailErr = localEmailError ?? emailError;
  const emailHelpId = `${idPrefix}-email-help`;
  const codeHelpId = `${idPrefix}-code-help`;
  const emailHelp = emailErr ? (
    <span id={emailHelpId}>{emailErr}</span>
  ) : sendNote ? (
    <span id={emailHelpId} className={sendNote.ok ? 'field-ok' : 'field-error'} role={sendNote.ok ? 'status' : 'alert'}>
      {sendNote.text}
    </span>
  ) : undefined;

  let codeHelp: React.ReactNode;
  let codeStatus: 'success' | 'error' | 'validating' | undefined;
  if (isVerified) {
    codeStatus = 'success';
    codeHelp = (
      <span id={codeHelpId} className="field-ok" role="status" data-testid="signup-code-status">
        <CheckCircleFilled aria-hidden="true" /> {t('signup.verified')}
      </span>
    );
  } else if (codeState.kind === 'verifying') {
    codeStatus = 'validating';
    codeHelp = (
      <span id={codeHelpId} role="status" data-testid="signup-code-status">
        {t('signup.verifying')}
      </span>
    );
  } else if (codeState.kind === 'error') {
    codeStatus = 'error';
    codeHelp = (
      <span id={codeHelpId} role="alert" data-testid="signup-code-status">
        {codeState.text}
      </span>
    );
  }

  const sendLabel = send.isPending ? t('signup.sending') : secondsLeft > 0 ? t('signup.resendIn', { seconds: secondsLeft }) : t('signup.sendCode');

  return (
    <>
      <Form.Item label={t('signup.email')} htmlFor={`${idPrefix}-email`} required validateStatus={emailErr ? 'error' : undefined} help={emailHelp}>
        <Space.Compact block>
          <Input
            id={`${idPrefix}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            size="large"
            prefix={<MailOutlined aria-hidden="true" />}
            placeholder={t('signup.emailPlaceholder')}
            value={email}
            onChange={(e) => handleEmailChange(e.target.value)}
            aria-invalid={emailErr ? true : undefined}
            aria-describedby={emailHelp ? emailHelpId : undefined}
            data-testid="signup-email"
          />
          <Button
            size="large"
            onClick={sendCode}
            loading={send.isPending}
            disabled={secondsLeft > 0 || isVerified}
            data-testid="signup-send-code"
            className="send-code-btn"
          >
            {sendLabel}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        label={t('signup.code')}
        htmlFor={`${idPrefix}-code`}
        required
        validateStatus={codeStatus}
        hasFeedback={codeStatus !== undefined}
        help={codeHelp}
      >
        <Input
          id={`${idPrefix}-code`}
          size="large"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.emailCodeLength}
          prefix={<SafetyOutlined aria-hidden="true" />}
          placeholder={t('signup.codePlaceholder')}
          value={code}
          readOnly={isVerified}
          onChange={(e) => handleCodeChange(e.target.value)}
          aria-invalid={codeState.kind === 'error' ? true : undefined}
          aria-describedby={codeHelp ? codeHelpId : undefined}
          data-testid="signup-code"
        />
      </Form.Item>
    </>
  );
}
