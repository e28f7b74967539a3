import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { LoadFailed } from '../../../components/PageState';
import type { AdminMailResponse } from '@shared/schemas/mail';
import { client, data } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { useAdminAction } from '../api';
import { useAdminFormat } from '../format';

type Item = AdminMailResponse['items'][number];

const mailQuery = {
  queryKey: ['admin', 'mail', 'failed'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => data(client.GET('/api/admin/mail', { params: { query: { status: 'failed' } }, signal })),
};

/** 系统设置 → 邮件: mail that failed for 24 hours, with resend (decision 0040). */
export default function MailQueue() {
  const { t } = useTranslation('adminInsights');
  const { message } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const q = useQuery(mailQuery);
  const resend = useAdminAction((id: string) => data(client.POST('/api/admin/mail/{id}/resend', { params: { path: { id } } })));

  return (
    <Card title={t('mail.title')} data-testid="mail-queue" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('mail.intro')}</Typography.Paragraph>
      {q.isError ? (
        <LoadFailed
          testId="mail-queue"
          compact
          title={t('mail.loadFailed')}
          text={apiErrorText(q.error, '')}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
        />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Tag color="blue" data-testid="mail-waiting">
              {t('mail.waiting', { count: q.data?.waiting ?? 0 })}
            </Tag>
            <Tag color={q.data?.failed ? 'red' : 'default'} data-testid="mail-failed">
              {t('mail.failed', { count: q.data?.failed ?? 0 })}
            </Tag>
          </Space>
          <Table<Item>
            rowKey="id"
            size="small"
            loading={q.isLoading}
            dataSource={q.data?.items ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            locale={{ emptyText: t('mail.empty') }}
            columns={[
              { title: t('mail.columns.kind'), dataIndex: 'kind' },
              { title: t('mail.columns.to'), dataIndex: 'to', render: (v: string | null) => v ?? '—' },
              { title: t('mail.columns.attempts'), dataIndex: 'attempts' },
              { title: t('mail.columns.error'), dataIndex: 'lastError', ellipsis: true, render: (v: string | null) => v ?? '—' },
              { title: t('mail.columns.createdAt'), dataIndex: 'createdAt', render: (v: string) => f.dateTime(v) },
              {
                title: '',
                key: 'resend',
                render: (_: unknown, row: Item) => (
                  <Button
                    size="small"
                    loading={resend.isPending && resend.variables === row.id}
                    data-testid="mail-resend"
                    onClick={() =>
                      resend.mutate(row.id, {
                        onSuccess: () => void message.success(t('mail.resent')),
                        onError: (e) => void message.error(apiErrorText(e, '')),
                      })
                    }
                  >
                    {t('mail.resend')}
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
