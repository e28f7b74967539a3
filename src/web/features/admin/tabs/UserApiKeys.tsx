import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Divider, Popconfirm, Tag } from 'antd';
import { useErrorText } from '../../../lib/errors';
import { adminCalls, useAdminAction, userApiKeysQuery } from '../api';
import { useAdminFormat } from '../format';

const STATE_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;

/** 用户管理 → user detail: the account's API keys, a leaked one revoked here (audited; decision 0038). */
export function UserApiKeys({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const q = useQuery(userApiKeysQuery(userId));
  const revoke = useAdminAction(adminCalls.revokeApiKey);
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('users.detail.apiKeys')}
      </Divider>
      {q.isError && <Alert type="error" showIcon title={t('users.detail.apiKeysFailed')} />}
      {q.data && q.data.items.length === 0 && <p>{t('users.detail.noApiKeys')}</p>}
      {q.data && q.data.items.length > 0 && (
        <ul className="adm-api-keys" data-testid="detail-api-keys">
          {q.data.items.map((k) => (
            <li key={k.id} data-state={k.state} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 8 }}>
              <div style={{ minWidth: 0 }}>
                <strong>{k.name}</strong> <code>{k.prefix}…</code> <Tag color={STATE_COLOR[k.state]}>{t(`users.detail.apiKeyStates.${k.state}`)}</Tag>
                <div>
                  {k.scopes.map((s) => (
                    <Tag key={s}>{s}</Tag>
                  ))}
                </div>
                <div>
                  {f.dateTime(k.createdAt)} ·{' '}
                  {k.lastUsedAt
                    ? t('users.detail.apiKeyLastUsed', { time: f.dateTime(k.lastUsedAt), ip: k.lastUsedIp ?? '' })
                    : t('users.detail.apiKeyNeverUsed')}
                </div>
              </div>
              {k.state === 'active' && (
                <Popconfirm
                  title={t('users.detail.apiKeyRevokeConfirm', { prefix: k.prefix })}
                  okText={t('confirm')}
                  cancelText={t('cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    revoke.mutateAsync(k.id).then(
                      () => void message.success(t('users.detail.apiKeyRevoked')),
                      (e: unknown) => void message.error(apiErrorText(e, t('users.actionFailed'))),
                    )
                  }
                >
                  <Button danger size="small" data-testid="admin-key-revoke">
                    {t('users.detail.apiKeyRevoke')}
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
