import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';

/**
 * A secret shown once, right after it was made (an API key, a webhook signing secret): the value to select or
 * copy, the warning that it is never shown again, and the close. `kind` names its test ids (`key-secret`,
 * `webhook-copy` …); the title and the warning are the caller's. Made below the fold (the form that made it is further
 * down the page, 862 px at 390 px wide), it scrolls itself into view and takes the focus: the reader sees it, a screen
 * reader starts there, Tab reaches the copy button next (decision 0052).
 */
export function SecretOnce({
  kind,
  secret,
  title,
  warning,
  onDone,
}: {
  kind: 'key' | 'webhook';
  secret: string;
  title: string;
  warning: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('developers');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  const titleId = `dv-${kind}-secret-title`;
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    el.focus({ preventScroll: true });
  }, [secret]);
  return (
    <section ref={box} tabIndex={-1} className="dv-card dv-secret" role="alert" aria-labelledby={titleId} data-testid={`${kind}-secret-box`}>
      <h2 id={titleId}>{title}</h2>
      <p className="dv-warning">{warning}</p>
      <div className="dv-secret__row">
        <Input readOnly value={secret} className="dv-secret__value" onFocus={(e) => e.target.select()} data-testid={`${kind}-secret`} aria-label={title} />
        <Button icon={copied === 'yes' ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()} data-testid={`${kind}-copy`}>
          {copied === 'yes' ? t('secret.copied') : t('secret.copy')}
        </Button>
      </div>
      {copied === 'failed' && <Alert type="warning" showIcon title={t('secret.copyFailed')} />}
      <div className="dv-actions">
        <Button type="primary" onClick={onDone} data-testid={`${kind}-secret-done`}>
          {t('secret.done')}
        </Button>
      </div>
    </section>
  );
}
