import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Input, Popconfirm, Radio, Tag } from 'antd';
import { ApiOutlined, KeyOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { API_KEY_SCOPES, apiKeyCreateInput, type ApiKeyScope } from '@shared/schemas/apiKeys';
import { SignInGate } from '../../components/SignInGate';
import { Empty, Loading, LoadFailed, StateBox } from '../../components/PageState';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { apiKeysQuery, useCreateApiKey, useRevokeApiKey } from './api';
import { WebhooksSection } from './WebhooksSection';
import { SecretOnce } from './SecretOnce';
import './developers.css';

type ApiKey = Schema<'ApiKey'>;
type Me = Schema<'Me'>;
const STATE_COLOR: Record<ApiKey['state'], string> = { active: 'green', expired: 'default', revoked: 'red' };
const EXPIRY_DAYS = ['never', '30', '90', '365'] as const;
type Expiry = (typeof EXPIRY_DAYS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;
/** the i18n key of a scope: i18next would read the ':' of `tasks:read` as a namespace separator */
const scopeKey = (s: ApiKeyScope) => s.replace(':', '_') as 'tasks_read';

/** /developers (开发者设置) — a company's or influencer's API keys: list, create (the secret shown once), revoke; and webhooks. */
export default function DevelopersPage() {
  const { t } = useTranslation('developers');
  usePageTitle(t('title'));
  return (
    <SignInGate className="dv-page" testId="developers-signin" title={t('signInTitle')} action={t('signIn')}>
      {(user) => <Developers user={user} />}
    </SignInGate>
  );
}

function Developers({ user }: { user: Me }) {
  const { t } = useTranslation('developers');
  const isParty = user.userType === 'company' || user.userType === 'influencer';
  const q = useQuery({ ...apiKeysQuery, enabled: isParty });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  if (!isParty)
    return (
      <div className="container dv-page">
        <StateBox icon={<LockOutlined />} title={t('onlyParties')} />
      </div>
    );

  const live = q.data?.items.filter((k) => k.state === 'active').length ?? 0;
  const full = q.data ? live >= q.data.max : false;
  let list;
  if (q.isPending) list = <Loading className="dv-card" label={t('loading')} />;
  else if (q.isError) list = <LoadFailed testId="developers" title={t('loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.items.length === 0) list = <Empty testId="keys-empty" icon={<KeyOutlined />} title={t('keys.empty')} text={t('keys.emptyHint')} />;
  else
    list = (
      <ul className="dv-keys">
        {q.data.items.map((k) => (
          <KeyRow key={k.id} apiKey={k} onNotice={setNotice} />
        ))}
      </ul>
    );

  return (
    <div className="container dv-page" data-testid="developers-page">
      <div>
        <h1 className="dv-title">{t('title')}</h1>
        <p className="dv-muted">{t('subtitle')}</p>
        <p className="dv-muted">
          <ApiOutlined aria-hidden="true" /> {t('usage', { limit: q.data?.perMinute ?? 600 })}{' '}
          <a href="/api/docs" target="_blank" rel="noreferrer">
            {t('docs')}
          </a>
        </p>
      </div>
      {secret && <SecretOnce kind="key" secret={secret} title={t('secret.title')} warning={t('secret.warning')} onDone={() => setSecret(null)} />}
      <section className="dv-card" aria-labelledby="dv-keys-title">
        <div className="dv-head">
          <h2 id="dv-keys-title">{t('keys.title')}</h2>
          {q.data && (
            <span className="dv-muted" data-testid="keys-count">
              {t('keys.count', { live, max: q.data.max })}
            </span>
          )}
        </div>
        {list}
        {notice && <Alert type={notice.type} showIcon title={notice.text} role="status" className="dv-notice" data-testid="keys-notice" />}
        {full && !creating && <Alert type="warning" showIcon title={t('keys.limitReached', { max: q.data?.max ?? 20 })} className="dv-notice" />}
        {creating ? (
          <CreateKeyForm
            onCancel={() => setCreating(false)}
            onCreated={(s) => {
              setCreating(false);
              setNotice(null);
              setSecret(s);
            }}
          />
        ) : (
          <div className="dv-actions">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={full || !q.data}
              onClick={() => {
                setCreating(true);
                setNotice(null);
              }}
              data-testid="key-create"
            >
              {t('keys.create')}
            </Button>
          </div>
        )}
      </section>
      <WebhooksSection />
    </div>
  );
}

function KeyRow({ apiKey: k, onNotice }: { apiKey: ApiKey; onNotice: (n: { type: 'success' | 'error'; text: string }) => void }) {
  const { t } = useTranslation('developers');
  const { apiErrorText } = useErrorText();
  const f = useFormat();
  const revoke = useRevokeApiKey();
  return (
    <li className="dv-key" data-testid="key-row" data-state={k.state}>
      <div className="dv-key__main">
        <div className="dv-key__name">
          <strong>{k.name}</strong> <Tag color={STATE_COLOR[k.state]}>{t(`states.${k.state}`)}</Tag>
        </div>
        <code className="dv-code" data-testid="key-prefix">
          {k.prefix}…
        </code>
        <div className="dv-scopes">
          {k.scopes.map((s) => (
            <Tag key={s} className="dv-scope">
              {s}
            </Tag>
          ))}
        </div>
        <div className="dv-muted dv-meta">
          <span>{t('keys.created', { at: f.dateTime(k.createdAt) })}</span>
          <span>{k.lastUsedAt ? t('keys.lastUsed', { at: f.dateTime(k.lastUsedAt), ip: k.lastUsedIp ?? '' }) : t('keys.neverUsed')}</span>
          <span>
            {k.revokedAt
              ? t('keys.revokedAt', { at: f.dateTime(k.revokedAt) })
              : k.expiresAt
                ? t('keys.expires', { at: f.dateTime(k.expiresAt) })
                : t('keys.noExpiry')}
          </span>
        </div>
      </div>
      {k.state === 'active' && (
        <div className="dv-key__side">
          <Popconfirm
            title={t('keys.revokeTitle')}
            description={t('keys.revokeText')}
            okText={t('keys.revokeOk')}
            okButtonProps={{ danger: true, id: `revoke-${k.id}` }}
            cancelText={t('keys.cancel')}
            onConfirm={() =>
              revoke.mutateAsync(k.id).then(
                () => onNotice({ type: 'success', text: t('keys.revoked') }),
                (e: unknown) => onNotice({ type: 'error', text: apiErrorText(e, t('keys.revokeFailed')) }),
              )
            }
          >
            <Button danger size="small" loading={revoke.isPending} data-testid="key-revoke">
              {t('keys.revoke')}
            </Button>
          </Popconfirm>
        </div>
      )}
    </li>
  );
}

function CreateKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (secret: string) => void }) {
  const { t } = useTranslation('developers');
  const { apiErrorText, errorText } = useErrorText();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const body = {
      name,
      scopes,
      expiresAt: expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString(),
    };
    const parsed = apiKeyCreateInput.safeParse(body);
    if (!parsed.success) return setError(errorText(parsed.error.issues[0]?.message ?? 'BAD_REQUEST'));
    setError(null);
    create.mutate(body, {
      onSuccess: (r) => onCreated(r.secret),
      onError: (e) => setError(apiErrorText(e, t('form.failed'))),
    });
  };

  return (
    <form
      className="dv-form"
      aria-labelledby="dv-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="key-form"
    >
      <h3 id="dv-form-title">{t('form.title')}</h3>
      <label className="dv-field">
        <span>{t('form.name')}</span>
        <Input value={name} maxLength={60} placeholder={t('form.namePlaceholder')} onChange={(e) => setName(e.target.value)} data-testid="key-name" />
      </label>
      <fieldset className="dv-field">
        <legend>{t('form.scopes')}</legend>
        <p className="dv-muted">{t('form.scopesHint')}</p>
        <Checkbox.Group className="dv-scope-list" value={scopes} onChange={(v) => setScopes(v as ApiKeyScope[])}>
          {API_KEY_SCOPES.map((s) => (
            <Checkbox key={s} value={s} data-testid={`key-scope-${s}`}>
              <code className="dv-code">{s}</code>
              <span className="dv-scope-text">{t(`scopes.${scopeKey(s)}`)}</span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </fieldset>
      <fieldset className="dv-field">
        <legend>{t('form.expiry')}</legend>
        <Radio.Group value={expiry} onChange={(e) => setExpiry(e.target.value as Expiry)} data-testid="key-expiry">
          {EXPIRY_DAYS.map((d) => (
            <Radio key={d} value={d}>
              {t(d === 'never' ? 'form.expiryNever' : d === '30' ? 'form.expiry30' : d === '90' ? 'form.expiry90' : 'form.expiry365')}
            </Radio>
          ))}
        </Radio.Group>
      </fieldset>
      {error && <Alert type="error" showIcon title={error} data-testid="key-error" />}
      <div className="dv-actions">
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="key-submit">
          {t('form.submit')}
        </Button>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
      </div>
    </form>
  );
}
