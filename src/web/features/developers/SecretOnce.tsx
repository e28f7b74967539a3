import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';

/**
 * A secret shown once, right after it was made (an API key, a webhook signing secret): the value to select or
 * copy, the warning that it is never shown again, and the close. `kind` names its test ids (`key-secret`,
 * `webhook-copy` …); the title and the warning are the caller's.
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
  return (
    <section className="dv-card dv-secret" role="alert" aria-labelledby={titleId} data-testid={`${kind}-secret-box`}>
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
