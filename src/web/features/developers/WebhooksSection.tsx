import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Input, Popconfirm, Tag } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { WEBHOOK_EVENT_TYPES, webhookEndpointCreateInput, type WebhookEventType } from '@shared/schemas/webhooks';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { SecretOnce } from './SecretOnce';
import { useFormat } from '../../lib/format';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  webhookDeliveriesQuery,
  webhookEndpointsQuery,
  webhookKeys,
} from './api';

type Endpoint = Schema<'WebhookEndpoint'>;
type Delivery = Schema<'WebhookDelivery'>;
type Notice = { type: 'success' | 'error'; text: string };
const DELIVERY_COLOR: Record<Delivery['status'], string> = { pending: 'gold', delivered: 'green', failed: 'red' };
/** the i18n key of an event type: i18next would read the '.' of `deal.created` as a nesting separator */
const eventKey = (e: string) => e.replace('.', '_') as 'deal_created';
/** the specification our deliveries' signatures follow (decision 0051) */
const STANDARD_WEBHOOKS_URL = 'https://www.standardwebhooks.com';

/** 开发者设置 → Webhooks (decision 0042): endpoints, the signing secret once, recent deliveries, resend, test, rotate, delete. */
export function WebhooksSection() {
  const { t } = useTranslation('developers');
  const q = useQuery(webhookEndpointsQuery);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const full = q.data ? q.data.endpoints.length >= q.data.max : false;

  let list;
  if (q.isPending) list = <Loading className="dv-card" label={t('webhooks.loading')} />;
  else if (q.isError) list = <LoadFailed testId="webhooks" title={t('webhooks.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.endpoints.length === 0)
    list = <Empty testId="webhooks-empty" icon={<SendOutlined />} title={t('webhooks.empty')} text={t('webhooks.emptyHint')} />;
  else
    list = (
      <ul className="dv-keys">
        {q.data.endpoints.map((ep) => (
          <EndpointRow key={ep.id} endpoint={ep} onNotice={setNotice} onSecret={setSecret} />
        ))}
      </ul>
    );

  return (
    <>
      {secret && (
        <SecretOnce kind="webhook" secret={secret} title={t('webhooks.secret.title')} warning={t('webhooks.secret.warning')} onDone={() => setSecret(null)} />
      )}
      <section className="dv-card" aria-labelledby="dv-webhooks-title" data-testid="webhooks-section">
        <div className="dv-head">
          <h2 id="dv-webhooks-title">{t('webhooks.title')}</h2>
          {q.data && (
            <span className="dv-muted" data-testid="webhooks-count">
              {t('webhooks.count', { count: q.data.endpoints.length, max: q.data.max })}
            </span>
          )}
        </div>
        <p className="dv-muted">{t('webhooks.intro')}</p>
        <p className="dv-muted" data-testid="webhooks-verify">
          {t('webhooks.verify')}{' '}
          <a href={STANDARD_WEBHOOKS_URL} target="_blank" rel="noreferrer">
            {t('webhooks.spec')}
          </a>
        </p>
        {list}
        {notice && <Alert type={notice.type} showIcon title={notice.text} role="status" className="dv-notice" data-testid="webhooks-notice" />}
        {full && !creating && <Alert type="warning" showIcon title={t('webhooks.limitReached', { max: q.data?.max ?? 10 })} className="dv-notice" />}
        {creating ? (
          <CreateEndpointForm
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
              data-testid="webhook-create"
            >
              {t('webhooks.create')}
            </Button>
          </div>
        )}
      </section>
    </>
  );
}

function EndpointRow({ endpoint: ep, onNotice, onSecret }: { endpoint: Endpoint; onNotice: (n: Notice) => void; onSecret: (s: string) => void }) {
  const { t } = useTranslation('developers');
  const { apiErrorText } = useErrorText();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const test = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const fail = (fallback: string) => (e: unknown) => onNotice({ type: 'error', text: apiErrorText(e, fallback) });
  return (
    <li className="dv-key" data-testid="webhook-row" data-state={ep.state}>
      <div className="dv-key__main">
        <div className="dv-key__name">
          <code className="dv-code" data-testid="webhook-url">
            {ep.url}
          </code>{' '}
          <Tag color={ep.state === 'active' ? 'green' : 'red'}>{t(`webhooks.states.${ep.state}`)}</Tag>
        </div>
        {ep.description && <div className="dv-muted">{ep.description}</div>}
        <div className="dv-scopes">
          {ep.eventTypes.map((e) => (
            <Tag key={e} className="dv-scope">
              {e}
            </Tag>
          ))}
        </div>
        <div className="dv-muted dv-meta">
          <span>{t('keys.created', { at: f.dateTime(ep.createdAt) })}</span>
          {ep.disabledReason && ep.disabledAt && <span>{t(`webhooks.disabled.${ep.disabledReason}`, { at: f.dateTime(ep.disabledAt) })}</span>}
          {ep.state === 'active' && ep.failingSince && (
            <span className="dv-warning-text">{t('webhooks.failingSince', { at: f.dateTime(ep.failingSince) })}</span>
          )}
          {ep.previousSecretExpiresAt && <span>{t('webhooks.overlap', { at: f.dateTime(ep.previousSecretExpiresAt) })}</span>}
        </div>
        <div className="dv-actions dv-actions--tight">
          <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="webhook-deliveries-toggle">
            {open ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
          </Button>
          <Button
            size="small"
            icon={<SendOutlined />}
            loading={test.isPending}
            disabled={ep.state !== 'active'}
            onClick={() =>
              test.mutateAsync(ep.id).then(
                () => {
                  setOpen(true);
                  onNotice({ type: 'success', text: t('webhooks.testSent') });
                },
                fail(t('webhooks.actionFailed')),
              )
            }
            data-testid="webhook-test"
          >
            {t('webhooks.test')}
          </Button>
          <Popconfirm
            title={t('webhooks.rotateTitle')}
            description={t('webhooks.rotateText')}
            okText={t('webhooks.rotateOk')}
            cancelText={t('keys.cancel')}
            onConfirm={() => rotate.mutateAsync(ep.id).then((r) => onSecret(r.secret), fail(t('webhooks.actionFailed')))}
          >
            <Button size="small" loading={rotate.isPending} data-testid="webhook-rotate">
              {t('webhooks.rotate')}
            </Button>
          </Popconfirm>
          {ep.state === 'disabled' ? (
            <Button
              size="small"
              loading={update.isPending}
              onClick={() => update.mutateAsync({ id: ep.id, body: { enabled: true } }).then(() => undefined, fail(t('webhooks.actionFailed')))}
              data-testid="webhook-enable"
            >
              {t('webhooks.enable')}
            </Button>
          ) : (
            <Button
              size="small"
              loading={update.isPending}
              onClick={() => update.mutateAsync({ id: ep.id, body: { enabled: false } }).then(() => undefined, fail(t('webhooks.actionFailed')))}
              data-testid="webhook-disable"
            >
              {t('webhooks.disable')}
            </Button>
          )}
          <Popconfirm
            title={t('webhooks.deleteTitle')}
            description={t('webhooks.deleteText')}
            okText={t('webhooks.deleteOk')}
            okButtonProps={{ danger: true }}
            cancelText={t('keys.cancel')}
            onConfirm={() => remove.mutateAsync(ep.id).then(() => onNotice({ type: 'success', text: t('webhooks.deleted') }), fail(t('webhooks.actionFailed')))}
          >
            <Button size="small" danger loading={remove.isPending} data-testid="webhook-delete">
              {t('webhooks.delete')}
            </Button>
          </Popconfirm>
        </div>
        {open && <Deliveries endpointId={ep.id} onNotice={onNotice} />}
      </div>
    </li>
  );
}

function Deliveries({ endpointId, onNotice }: { endpointId: string; onNotice: (n: Notice) => void }) {
  const { t } = useTranslation('developers');
  const { apiErrorText } = useErrorText();
  const f = useFormat();
  const resend = useResendWebhookDelivery();
  // while a delivery waits, look again every few seconds (the job worker sends it within seconds)
  const q = useQuery({
    ...webhookDeliveriesQuery(endpointId),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false),
  });
  const qc = useQueryClient();
  // a delivery's outcome changes the endpoint's state too (failing since …, disabled): read it again with them
  useEffect(() => {
    if (q.dataUpdatedAt) void qc.invalidateQueries({ queryKey: webhookKeys.endpoints });
  }, [q.dataUpdatedAt, qc]);
  if (q.isPending) return <Loading label={t('webhooks.loadingDeliveries')} />;
  if (q.isError) return <LoadFailed testId="webhook-deliveries" title={t('webhooks.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.deliveries.length === 0)
    return (
      <p className="dv-muted" data-testid="webhook-deliveries-empty">
        {t('webhooks.noDeliveries')}
      </p>
    );
  return (
    <ul className="dv-deliveries" data-testid="webhook-deliveries">
      {q.data.deliveries.map((d) => (
        <li key={d.id} className="dv-delivery" data-testid="webhook-delivery" data-status={d.status}>
          <div className="dv-delivery__head">
            <code className="dv-code">{d.type}</code> <Tag color={DELIVERY_COLOR[d.status]}>{t(`webhooks.deliveryStates.${d.status}`)}</Tag>
          </div>
          <div className="dv-muted dv-meta">
            <span>{f.dateTime(d.createdAt)}</span>
            <span>{t('webhooks.attempts', { count: d.attempts })}</span>
            <span>{d.lastStatusCode === null ? t('webhooks.noResponse') : t('webhooks.statusCode', { code: d.lastStatusCode })}</span>
            {d.latencyMs !== null && <span>{t('webhooks.latency', { ms: d.latencyMs })}</span>}
            {d.status === 'pending' && d.attempts > 0 && d.nextAttemptAt && <span>{t('webhooks.nextAttempt', { at: f.dateTime(d.nextAttemptAt) })}</span>}
            {d.lastError && d.lastStatusCode === null && d.status !== 'delivered' && <span className="dv-warning-text">{d.lastError}</span>}
          </div>
          <Button
            size="small"
            loading={resend.isPending && resend.variables === d.id}
            onClick={() =>
              resend.mutateAsync(d.id).then(
                () => onNotice({ type: 'success', text: t('webhooks.resent') }),
                (e: unknown) => onNotice({ type: 'error', text: apiErrorText(e, t('webhooks.actionFailed')) }),
              )
            }
            data-testid="webhook-resend"
          >
            {t('webhooks.resend')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function CreateEndpointForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (secret: string) => void }) {
  const { t } = useTranslation('developers');
  const { apiErrorText, errorText } = useErrorText();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const body = { url, description, eventTypes: events };
    const parsed = webhookEndpointCreateInput.safeParse(body);
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
      aria-labelledby="dv-webhook-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="webhook-form"
    >
      <h3 id="dv-webhook-form-title">{t('webhooks.form.title')}</h3>
      <label className="dv-field">
        <span>{t('webhooks.form.url')}</span>
        <Input
          value={url}
          maxLength={2000}
          placeholder="https://erp.example.com/webhooks"
          onChange={(e) => setUrl(e.target.value)}
          data-testid="webhook-url-input"
        />
        <span className="dv-muted">{t('webhooks.form.urlHint')}</span>
      </label>
      <label className="dv-field">
        <span>{t('webhooks.form.description')}</span>
        <Input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} data-testid="webhook-description" />
      </label>
      <fieldset className="dv-field">
        <legend>{t('webhooks.form.events')}</legend>
        <Checkbox.Group className="dv-scope-list" value={events} onChange={(v) => setEvents(v as WebhookEventType[])}>
          {WEBHOOK_EVENT_TYPES.map((e) => (
            <Checkbox key={e} value={e} data-testid={`webhook-event-${e}`}>
              <code className="dv-code">{e}</code>
              <span className="dv-scope-text">{t(`webhooks.events.${eventKey(e)}`)}</span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </fieldset>
      {error && <Alert type="error" showIcon title={error} data-testid="webhook-error" />}
      <div className="dv-actions">
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="webhook-submit">
          {t('webhooks.form.submit')}
        </Button>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
      </div>
    </form>
  );
}
