import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Divider, Popconfirm, Tag } from 'antd';
import { useErrorText } from '../../../lib/errors';
import { adminCalls, useAdminAction, userWebhookEndpointsQuery } from '../api';
import { useAdminFormat } from '../format';

/** 用户管理 → user detail: the account's webhook endpoints, one disabled here (audited; decision 0042). */
export function UserWebhookEndpoints({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const q = useQuery(userWebhookEndpointsQuery(userId));
  const disable = useAdminAction(adminCalls.disableWebhookEndpoint);
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('users.detail.webhooks')}
      </Divider>
      {q.isError && <Alert type="error" showIcon title={t('users.detail.webhooksFailed')} />}
      {q.data && q.data.items.length === 0 && <p>{t('users.detail.noWebhooks')}</p>}
      {q.data && q.data.items.length > 0 && (
        <ul className="adm-api-keys" data-testid="detail-webhooks">
          {q.data.items.map((ep) => (
            <li key={ep.id} data-state={ep.state} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 8 }}>
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <code>{ep.url}</code> <Tag color={ep.state === 'active' ? 'green' : 'red'}>{t(`users.detail.webhookStates.${ep.state}`)}</Tag>
                <div>
                  {ep.eventTypes.map((e) => (
                    <Tag key={e}>{e}</Tag>
                  ))}
                </div>
                <div>{f.dateTime(ep.createdAt)}</div>
              </div>
              {ep.state === 'active' && (
                <Popconfirm
                  title={t('users.detail.webhookDisableConfirm', { url: ep.url })}
                  okText={t('confirm')}
                  cancelText={t('cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    disable.mutateAsync(ep.id).then(
                      () => void message.success(t('users.detail.webhookDisabled')),
                      (e: unknown) => void message.error(apiErrorText(e, t('users.actionFailed'))),
                    )
                  }
                >
                  <Button danger size="small" data-testid="admin-webhook-disable">
                    {t('users.detail.webhookDisable')}
                  </Button>
                </Popconfirm>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
