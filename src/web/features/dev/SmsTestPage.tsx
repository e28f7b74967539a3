import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Space } from 'antd';
import { CheckCircleFilled, InboxOutlined, MobileOutlined, ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { LIMITS, PHONE_RE } from '@shared/limits';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useCountdown } from '../../lib/useCountdown';
import { usePageTitle } from '../../lib/usePageTitle';
import { useFormat } from '../../lib/format';
import { outboxQuery } from './api';
import { Loading } from '../../components/Loading';
import { isDevOnly, useSendTestSms, useVerifyTestSms } from './devtoolsApi';
import './devtools.css';

type Note = { ok: boolean; text: string } | null;

/** /sms-test — phone format check, a 4-digit code by SMS (read in the dev outbox), verification. */
export default function SmsTestPage() {
  const { t } = useTranslation('devtools');
  const f = useFormat();
  usePageTitle(t('sms.documentTitle'));
  const { errorText, apiErrorText } = useErrorText();
  const qc = useQueryClient();
  const send = useSendTestSms();
  const verify = useVerifyTestSms();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [phoneNote, setPhoneNote] = useState<Note>(null);
  const [codeNote, setCodeNote] = useState<Note>(null);
  const [cooldown, setCooldown] = useState<{ phone: string; until: number } | null>(null);
  const [devOnly, setDevOnly] = useState(false);
  const number = phone.trim();
  const secondsLeft = useCountdown(cooldown && cooldown.phone === number ? cooldown.until : null);
  const outbox = useQuery({ ...outboxQuery(sentTo ?? ''), enabled: !!sentTo });

  const formatOk = PHONE_RE.test(number);
  const phoneProblem = () => (!number ? errorText('PHONE_REQUIRED') : !formatOk ? errorText('PHONE_INVALID') : null);

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
        setCooldown({ phone: number, until: Date.now() + (res.cooldownSeconds || LIMITS.codeResendCooldownSeconds) * 1000 });
        setPhoneNote({ ok: true, text: t('sms.sent', { phone: number }) });
        setSentTo(number);
        void qc.invalidateQueries({ queryKey: ['dev', 'outbox', number] });
      },
      onError: (err) => {
        if (isDevOnly(err)) {
          setDevOnly(true);
          return;
        }
        if (isApiError(err) && err.code === 'CODE_COOLDOWN') {
          const s = Number(err.params?.seconds);
          if (Number.isFinite(s) && s > 0) setCooldown({ phone: number, until: Date.now() + s * 1000 });
        }
        setPhoneNote({ ok: false, text: apiErrorText(err, t('sms.sendFailed'), t('requestError')) });
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
        onSuccess: () => setCodeNote({ ok: true, text: t('sms.verified') }),
        onError: (err) => {
          if (isDevOnly(err)) setDevOnly(true);
          else setCodeNote({ ok: false, text: apiErrorText(err, errorText('SMS_CODE_INVALID'), t('requestError')) });
        },
      },
    );
  };

  let outboxBody: React.ReactNode;
  if (!sentTo) {
    outboxBody = <p className="devtools-muted">{t('sms.outboxHint')}</p>;
  } else if (outbox.isPending) {
    outboxBody = (
      <Loading className="devtools-center">
        <span className="spinner" aria-hidden="true" />
      </Loading>
    );
  } else if (outbox.isError) {
    outboxBody = isDevOnly(outbox.error) ? (
      <Alert type="info" showIcon title={t('devOnly')} data-testid="sms-test-outbox-unavailable" />
    ) : (
      <Alert type="error" showIcon title={t('sms.loadFailed')} />
    );
  } else {
    const messages = outbox.data.filter((m) => m.channel === 'sms');
    outboxBody =
      messages.length === 0 ? (
        <div className="devtools-empty">
          <InboxOutlined aria-hidden="true" />
          <p>{t('sms.empty')}</p>
        </div>
      ) : (
        <ol className="devtools-messages">
          {messages.map((m) => (
            <li key={m.id} className="devtools-message" data-testid="sms-test-message">
              <div className="devtools-message__meta">
                <span className="devtools-message__to">
                  <MobileOutlined aria-hidden="true" /> {m.to}
                </span>
                <time dateTime={m.createdAt}>{f.seconds(m.createdAt)}</time>
              </div>
              <p className="devtools-message__body">{m.body}</p>
            </li>
          ))}
        </ol>
      );
  }

  return (
    <div className="page devtools">
      <div className="container">
        <header className="page-head">
          <span className="devtools-tag">DEV</span>
          <h1>{t('sms.title')}</h1>
          <p>{t('sms.subtitle')}</p>
        </header>
        {devOnly && (
          <Alert type="info" showIcon className="devtools-alert" title={t('devOnly')} description={t('devOnlyText')} data-testid="sms-test-unavailable" />
        )}
        <div className="devtools-grid">
          <section className="card" aria-labelledby="sms-form-title">
            <h2 id="sms-form-title" className="devtools-card-title">
              {t('sms.formTitle')}
            </h2>
            <Form layout="vertical" requiredMark onFinish={sendCode}>
              <Form.Item
                label={t('sms.phone')}
                htmlFor="sms-test-phone"
                required
                validateStatus={phoneNote && !phoneNote.ok ? 'error' : undefined}
                help={
                  phoneNote ? (
                    <span
                      id="sms-test-phone-help"
                      className={phoneNote.ok ? 'field-ok' : undefined}
                      role={phoneNote.ok ? 'status' : 'alert'}
                      data-testid="sms-test-send-status"
                    >
                      {phoneNote.text}
                    </span>
                  ) : formatOk ? (
                    <span className="field-ok" data-testid="sms-test-format-ok">
                      <CheckCircleFilled aria-hidden="true" /> {t('sms.formatOk')}
                    </span>
                  ) : undefined
                }
              >
                <Space.Compact block>
                  <Input
                    id="sms-test-phone"
                    type="tel"
                    size="large"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    maxLength={LIMITS.phoneLength}
                    prefix={<MobileOutlined aria-hidden="true" />}
                    placeholder={t('sms.phonePlaceholder')}
                    value={phone}
                    onChange={(e) => {
                      setPhone(e.target.value);
                      setPhoneNote(null);
                    }}
                    aria-invalid={phoneNote && !phoneNote.ok ? true : undefined}
                    aria-describedby={phoneNote ? 'sms-test-phone-help' : undefined}
                    data-testid="sms-test-phone"
                  />
                  <Button
                    type="primary"
                    size="large"
                    htmlType="submit"
                    className="devtools-send"
                    loading={send.isPending}
                    disabled={secondsLeft > 0}
                    data-testid="sms-test-send"
                  >
                    {send.isPending ? t('sms.sending') : secondsLeft > 0 ? t('sms.resendIn', { seconds: secondsLeft }) : t('sms.send')}
                  </Button>
                </Space.Compact>
              </Form.Item>
              <Form.Item
                label={t('sms.code')}
                htmlFor="sms-test-code"
                required
                validateStatus={codeNote ? (codeNote.ok ? 'success' : 'error') : undefined}
                help={
                  codeNote ? (
                    <span
                      id="sms-test-code-help"
                      className={codeNote.ok ? 'field-ok' : undefined}
                      role={codeNote.ok ? 'status' : 'alert'}
                      data-testid="sms-test-code-status"
                    >
                      {codeNote.ok && <CheckCircleFilled aria-hidden="true" />} {codeNote.text}
                    </span>
                  ) : undefined
                }
              >
                <Space.Compact block>
                  <Input
                    id="sms-test-code"
                    size="large"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={LIMITS.smsCodeLength}
                    prefix={<SafetyOutlined aria-hidden="true" />}
                    placeholder={t('sms.codePlaceholder')}
                    value={code}
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
                    aria-describedby={codeNote ? 'sms-test-code-help' : undefined}
                    data-testid="sms-test-code"
                  />
                  <Button size="large" className="devtools-send" onClick={verifyCode} loading={verify.isPending} data-testid="sms-test-verify">
                    {verify.isPending ? t('sms.verifying') : t('sms.verify')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </Form>
          </section>

          <section className="card" aria-labelledby="sms-outbox-title" data-testid="sms-test-outbox">
            <div className="devtools-card-head">
              <div>
                <h2 id="sms-outbox-title" className="devtools-card-title">
                  {t('sms.outboxTitle')}
                </h2>
                {sentTo && <p className="devtools-muted">{t('sms.outboxFor', { phone: sentTo })}</p>}
              </div>
              <Button
                icon={<ReloadOutlined spin={outbox.isFetching} />}
                onClick={() => void outbox.refetch()}
                disabled={!sentTo}
                data-testid="sms-test-refresh"
              >
                {t('sms.refresh')}
              </Button>
            </div>
            {outboxBody}
          </section>
        </div>
      </div>
    </div>
  );
}
