import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button } from 'antd';
import { useErrorText } from '../../../lib/errors';
import { adminCalls, adminMeQuery, useAdminAction } from '../api';

/**
 * 概览 on a production site that still has demo accounts (decision 0032): says how many, and removes the demo
 * data in one go after a confirmation. Removing needs 用户管理 and 财务管理 (the server decides; without them the
 * button is not offered).
 */
export function DemoDataBanner({ accounts }: { accounts: number }) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const { apiErrorText } = useErrorText();
  const me = useQuery(adminMeQuery);
  const remove = useAdminAction(adminCalls.removeDemoData);
  const allowed = (me.data?.permissions ?? []).filter((p) => p === 'user_management' || p === 'finance').length === 2;

  const confirm = () =>
    void modal.confirm({
      title: t('overview.demo.confirmTitle'),
      content: t('overview.demo.confirmText', { count: accounts }),
      okText: t('overview.demo.remove'),
      cancelText: t('overview.demo.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'demo-remove-ok' } as never,
      onOk: () =>
        remove.mutateAsync(undefined).then(
          (r) => void message.success(t('overview.demo.removed', { count: r.removed.accounts })),
          (e: unknown) => void message.error(apiErrorText(e, t('overview.demo.failed'))),
        ),
    });

  return (
    <Alert
      type="warning"
      showIcon
      className="adm-section"
      data-testid="demo-banner"
      title={t('overview.demo.title', { count: accounts })}
      description={
        <>
          <p className="adm-demo-text">{t('overview.demo.text')}</p>
          {allowed ? (
            <Button danger loading={remove.isPending} onClick={confirm} data-testid="demo-remove">
              {t('overview.demo.remove')}
            </Button>
          ) : (
            <p className="adm-demo-text">{t('overview.demo.needPermissions')}</p>
          )}
        </>
      }
    />
  );
}
