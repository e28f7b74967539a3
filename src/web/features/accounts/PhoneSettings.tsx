import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Space } from 'antd';
import { CheckCircleFilled, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { LIMITS, PHONE_RE } from '@shared/limits';
import type { AccountInfo } from './api';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useCountdown } from '../../lib/useCountdown';
import { useSavePhone, useSendPhoneCode, useVerifyPhone } from './api';

type Note = { ok: boolean; text: string } | null;
type Cooldown = { phone: string; until: number } | null;

/**
 * Profile tab: change the phone number with a 4-digit SMS code. Format and code checks first run
 * in the browser (the spec's messages), the code itself is checked by the server. Saving needs a
 * verified number; a successful save resets the verification.
 */
export function PhoneSettings({ userId, account }: { userId: string; account: AccountInfo }) {
  const { t } = useTranslation('settings');
  const { errorText, apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const save = useSavePhone(userId);

  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [verifiedPhone, setVerifiedPhone] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState<Cooldown>(null);
  const [phoneNote, setPhoneNote] = useState<Note>(null);
  const [codeNote, setCodeNote] = useState<Note>(null);

  const number = phone.trim();
  const verified = verifiedPhone !== null && verifiedPhone === number;
  const secondsLeft = useCountdown(cooldown && cooldown.phone === number ? cooldown.until : null);

  const phoneProblem = (): string | null => {
    if (!number) return errorText('PHONE_REQUIRED');
    if (!PHONE_RE.test(number)) return errorText('PHONE_INVALID');
    return null;
  };

  const sendCode = () => {
    const bad = phoneProblem();
    if (bad) {
      setPhoneNote({ ok: false, text: bad });
      return;
    }
    setPhoneNote(null);
    setCodeNote(null);
    send.mutate(number, {
      onSuccess: (res) => {
        setSentTo(number);
        setCooldown({ phone: number, until: Date.now() + (res.cooldownSeconds || LIMITS.codeResendCooldownSeconds) * 1000 });
        setPhoneNote({ ok: true, text: t('profile.codeSent', { phone: number }) });
      },
      onError: (err) => {
        if (isApiError(err) && err.code === 'CODE_COOLDOWN') {
          const s = Number(err.params?.seconds);
          if (Number.isFinite(s) && s > 0) setCooldown({ phone: number, until: Date.now() + s * 1000 });
        }
        setPhoneNote({ ok: false, text: apiErrorText(err, t('profile.sendFailed'), errorText('UNAVAILABLE')) });
      },
    });
  };

  const verifyCode = () => {
    const bad = phoneProblem();
    if (bad) {
      setPhoneNote({ ok: false, text: bad });
      return;
    }
    if (!code) {
      setCodeNote({ ok: false, text: errorText('CODE_REQUIRED') });
      return;
    }
    if (sentTo !== number) {
      setCodeNote({ ok: false, text: errorText('CODE_NOT_SENT') });
      return;
    }
    if (code.length !== LIMITS.smsCodeLength) {
      setCodeNote({ ok: false, text: errorText('SMS_CODE_INVALID') });
      return;
    }
    setCodeNote(null);
    verify.mutate(
      { phone: number, code },
      {
        onSuccess: () => {
          setVerifiedPhone(number);
          setCodeNote({ ok: true, text: t('profile.verified') });
        },
        onError: (err) => setCodeNote({ ok: false, text: apiErrorText(err, errorText('SMS_CODE_INVALID'), errorText('UNAVAILABLE')) }),
      },
    );
  };

  const submit = () => {
    if (!verified) {
      setCodeNote({ ok: false, text: errorText('PHONE_NOT_VERIFIED') });
      return;
    }
    save.mutate(number, {
      onSuccess: () => {
        feedback.success(t('profile.saved'));
        // a successful save resets the verification
        setPhone('');
        setCode('');
        setSentTo(null);
        setVerifiedPhone(null);
        setPhoneNote(null);
        setCodeNote(null);
      },
      onError: (err) => {
        if (isApiError(err) && err.code === 'PHONE_NOT_VERIFIED') setVerifiedPhone(null);
        setCodeNote({ ok: false, text: apiErrorText(err, t('profile.saveFailed'), errorText('UNAVAILABLE')) });
      },
    });
  };

  const sendLabel = send.isPending ? t('profile.sending') : secondsLeft > 0 ? t('profile.resendIn', { seconds: secondsLeft }) : t('profile.sendCode');

  return (
    <div className="settings-panel" data-testid="settings-panel-profile">
      <h2 className="settings-panel__title">{t('profile.title')}</h2>
      <dl className="acc-dl acc-dl--single settings-panel__facts">
        <div>
          <dt>{t('profile.email')}</dt>
          <dd className="acc-break">{account.email}</dd>
        </div>
        <div>
          <dt>{t('profile.currentPhone')}</dt>
          <dd data-testid="current-phone">{account.phone || t('profile.notSet')}</dd>
        </div>
      </dl>

      <Form layout="vertical" requiredMark onFinish={submit} className="settings-form">
        <Form.Item
          label={t('profile.phone')}
          htmlFor="settings-phone"
          required
          validateStatus={phoneNote && !phoneNote.ok ? 'error' : undefined}
          help={
            phoneNote ? (
              <span
                id="settings-phone-help"
                className={phoneNote.ok ? 'field-ok' : undefined}
                role={phoneNote.ok ? 'status' : 'alert'}
                data-testid="phone-status"
              >
                {phoneNote.text}
              </span>
            ) : undefined
          }
        >
          <Space.Compact block>
            <Input
              id="settings-phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              size="large"
              maxLength={LIMITS.phoneLength}
              prefix={<MobileOutlined aria-hidden="true" />}
              placeholder={t('profile.phonePlaceholder')}
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value);
                setPhoneNote(null);
                setCodeNote(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (!verified && secondsLeft === 0 && !send.isPending) sendCode();
                }
              }}
              aria-invalid={phoneNote && !phoneNote.ok ? true : undefined}
              aria-describedby={phoneNote ? 'settings-phone-help' : undefined}
              data-testid="phone-input"
            />
            <Button
              size="large"
              className="acc-send-btn"
              onClick={sendCode}
              loading={send.isPending}
              disabled={secondsLeft > 0 || verified}
              data-testid="phone-send"
            >
              {sendLabel}
            </Button>
          </Space.Compact>
        </Form.Item>

        <Form.Item
          label={t('profile.code')}
          htmlFor="settings-code"
          required
          validateStatus={codeNote ? (codeNote.ok ? 'success' : 'error') : undefined}
          help={
            codeNote ? (
              <span id="settings-code-help" className={codeNote.ok ? 'field-ok' : undefined} role={codeNote.ok ? 'status' : 'alert'} data-testid="code-status">
                {codeNote.ok && <CheckCircleFilled aria-hidden="true" />} {codeNote.text}
              </span>
            ) : undefined
          }
        >
          <Space.Compact block>
            <Input
              id="settings-code"
              size="large"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={LIMITS.smsCodeLength}
              prefix={<SafetyOutlined aria-hidden="true" />}
              placeholder={t('profile.codePlaceholder')}
              value={code}
              readOnly={verified}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, '').slice(0, LIMITS.smsCodeLength));
                setCodeNote(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  verifyCode();
                }
              }}
              aria-invalid={codeNote && !codeNote.ok ? true : undefined}
              aria-describedby={codeNote ? 'settings-code-help' : undefined}
              data-testid="phone-code"
            />
            <Button size="large" className="acc-send-btn" onClick={verifyCode} loading={verify.isPending} disabled={verified} data-testid="phone-verify">
              {verify.isPending ? t('profile.verifying') : t('profile.verify')}
            </Button>
          </Space.Compact>
        </Form.Item>

        <div className="settings-form__actions">
          <Button type="primary" size="large" htmlType="submit" loading={save.isPending} disabled={!verified} data-testid="phone-save">
            {save.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
          {!verified && (
            <p className="settings-form__note" data-testid="phone-verify-first">
              {errorText('PHONE_NOT_VERIFIED')}
            </p>
          )}
        </div>
      </Form>
    </div>
  );
}
