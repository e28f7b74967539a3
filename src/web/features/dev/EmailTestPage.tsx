import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Space } from 'antd';
import { CheckCircleFilled, InboxOutlined, MailOutlined, ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useCountdown } from '../../lib/useCountdown';
import { usePageTitle } from '../../lib/usePageTitle';
import { useFormat } from '../../lib/format';
import { useSendEmailCode, useVerifyEmailCode } from '../auth/api';
import { outboxQuery } from './api';
import { Loading } from '../../components/Loading';
import './dev.css';

type Note = { ok: boolean; text: string } | null;

/** /email-test — send a code, read it in the development outbox, verify it. */
export default function EmailTestPage() {
  const { t } = useTranslation('dev');
  const f = useFormat();
  usePageTitle(t('emailTest.documentTitle'));
  const { errorText, apiErrorText } = useErrorText();
  const qc = useQueryClient();
  const send = useSendEmailCode();
  const verify = useVerifyEmailCode();
  const [email, setEmail] = useState('');
  const [sendNote, setSendNote] = useState<Note>(null);
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [codeNote, setCodeNote] = useState<Note>(null);
  const [outboxFor, setOutboxFor] = useState<string | null>(null);
  const secondsLeft = useCountdown(cooldownUntil);
  const outbox = useQuery({ ...outboxQuery(outboxFor ?? ''), enabled: !!outboxFor });

  const address = email.trim().toLowerCase();

  const sendCode = () => {
    setSendNote(null);
    if (!address) {
      setSendNote({ ok: false, text: errorText('EMAIL_REQUIRED') });
      return;
    }
    send.mutate(address, {
      onSuccess: (res) => {
        setCooldownUntil(Date.now() + (res.cooldownSeconds || LIMITS.codeResendCooldownSeconds) * 1000);
        setSendNote({ ok: true, text: t('emailTest.sent') });
        setOutboxFor(address);
        void qc.invalidateQueries({ queryKey: ['dev', 'outbox', address] });
      },
      onError: (err) => {
        if (isApiError(err) && err.code === 'CODE_COOLDOWN') {
          const s = Number(err.params?.seconds);
          if (Number.isFinite(s) && s > 0) setCooldownUntil(Date.now() + s * 1000);
        }
        // network failure: 请求错误; otherwise the server's message, or 发送失败
        setSendNote({ ok: false, text: apiErrorText(err, t('emailTest.sendFailed'), t('emailTest.requestError')) });
      },
    });
  };

  const onCode = (raw: string) => {
    const digits = raw.replace(/\D/g, '').slice(0, LIMITS.emailCodeLength);
    setCode(digits);
    setCodeNote(null);
    if (digits.length !== LIMITS.emailCodeLength) return;
    if (!address) {
      setCodeNote({ ok: false, text: errorText('EMAIL_REQUIRED') });
      return;
    }
    verify.mutate(
      { email: address, code: digits },
      {
        onSuccess: () => setCodeNote({ ok: true, text: t('emailTest.verified') }),
        onError: (err) => setCodeNote({ ok: false, text: apiErrorText(err, errorText('CODE_INVALID'), t('emailTest.requestError')) }),
      },
    );
  };

  const refresh = () => {
    if (!address) return;
    if (outboxFor !== address) setOutboxFor(address);
    else void outbox.refetch();
  };

  let outboxBody: React.ReactNode;
  if (!outboxFor) {
    outboxBody = <p className="outbox__hint">{t('emailTest.outboxHint')}</p>;
  } else if (outbox.isPending) {
    outboxBody = (
      <Loading className="outbox__loading">
        <span className="spinner" aria-hidden="true" />
      </Loading>
    );
  } else if (outbox.isError) {
    const err = outbox.error;
    const text =
      isApiError(err) && err.status === 404
        ? t('emailTest.disabled')
        : isApiError(err) && err.network
          ? t('emailTest.requestError')
          : t('emailTest.loadFailed');
    outboxBody = <Alert type={isApiError(err) && err.status === 404 ? 'info' : 'error'} showIcon title={text} data-testid="email-test-outbox-error" />;
  } else if (outbox.data.length === 0) {
    outboxBody = (
      <div className="outbox__empty">
        <InboxOutlined aria-hidden="true" />
        <p>{t('emailTest.empty')}</p>
      </div>
    );
  } else {
    outboxBody = (
      <ol className="outbox__list">
        {outbox.data.map((m) => (
          <li key={m.id} className="outbox__item" data-testid="email-test-message">
            <div className="outbox__meta">
              <span className="outbox__channel">{t(`emailTest.channels.${m.channel}`)}</span>
              <time dateTime={m.createdAt}>{f.seconds(m.createdAt)}</time>
            </div>
            <h3 className="outbox__subject">{m.subject || t('emailTest.noSubject')}</h3>
            <pre className="outbox__body">{m.body}</pre>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="page email-test">
      <div className="container">
        <header className="page-head">
          <h1>{t('emailTest.title')}</h1>
          <p>{t('emailTest.subtitle')}</p>
        </header>
        <div className="email-test__grid">
          <section className="card" aria-labelledby="email-test-form-title">
            <h2 id="email-test-form-title" className="card-title">
              {t('emailTest.send')}
            </h2>
            <Form layout="vertical" onFinish={sendCode} requiredMark>
              <Form.Item
                label={t('emailTest.email')}
                htmlFor="email-test-email"
                required
                validateStatus={sendNote && !sendNote.ok ? 'error' : undefined}
                help={
                  sendNote ? (
                    <span className={sendNote.ok ? 'field-ok' : undefined} role={sendNote.ok ? 'status' : 'alert'} data-testid="email-test-send-status">
                      {sendNote.text}
                    </span>
                  ) : undefined
                }
              >
                <Space.Compact block>
                  <Input
                    id="email-test-email"
                    type="email"
                    size="large"
                    autoComplete="email"
                    prefix={<MailOutlined aria-hidden="true" />}
                    placeholder={t('emailTest.emailPlaceholder')}
                    value={email}
                    onChange={(e) => {
                      setEmail(e.target.value);
                      setSendNote(null);
                    }}
                    data-testid="email-test-email"
                  />
                  <Button type="primary" size="large" htmlType="submit" loading={send.isPending} disabled={secondsLeft > 0} data-testid="email-test-send">
                    {send.isPending ? t('emailTest.sending') : secondsLeft > 0 ? t('emailTest.resendIn', { seconds: secondsLeft }) : t('emailTest.send')}
                  </Button>
                </Space.Compact>
              </Form.Item>
              <Form.Item
                label={t('emailTest.code')}
                htmlFor="email-test-code"
                validateStatus={codeNote ? (codeNote.ok ? 'success' : 'error') : verify.isPending ? 'validating' : undefined}
                hasFeedback={!!codeNote || verify.isPending}
                help={
                  codeNote ? (
                    <span className={codeNote.ok ? 'field-ok' : undefined} role={codeNote.ok ? 'status' : 'alert'} data-testid="email-test-code-status">
                      {codeNote.ok && <CheckCircleFilled aria-hidden="true" />} {codeNote.text}
                    </span>
                  ) : verify.isPending ? (
                    t('emailTest.verifying')
                  ) : undefined
                }
              >
                <Input
                  id="email-test-code"
                  size="large"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={LIMITS.emailCodeLength}
                  prefix={<SafetyOutlined aria-hidden="true" />}
                  placeholder={t('emailTest.codePlaceholder')}
                  value={code}
                  onChange={(e) => onCode(e.target.value)}
                  data-testid="email-test-code"
                />
              </Form.Item>
            </Form>
          </section>

          <section className="card outbox" aria-labelledby="email-test-outbox-title" data-testid="email-test-outbox">
            <div className="outbox__head">
              <div>
                <h2 id="email-test-outbox-title" className="card-title">
                  {t('emailTest.outboxTitle')}
                </h2>
                {outboxFor && <p className="outbox__for">{t('emailTest.outboxFor', { address: outboxFor })}</p>}
              </div>
              <Button icon={<ReloadOutlined spin={outbox.isFetching} />} onClick={refresh} disabled={!address} data-testid="email-test-refresh">
                {t('emailTest.refresh')}
              </Button>
            </div>
            {outboxBody}
          </section>
        </div>
      </div>
    </div>
  );
}
