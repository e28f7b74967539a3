import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Descriptions, Input, Modal, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CONTACT_STATUSES } from '@shared/schemas/adminContent';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { adminCalls, contactMessagesQuery, useAdminAction } from '../api';
import { useAdminFormat } from '../format';

type AdminContactMessage = Schema<'AdminContactMessage'>;

type Status = (typeof CONTACT_STATUSES)[number];
const COLOR: Record<Status, string> = { new: 'orange', read: 'default', replied: 'green', closed: 'blue' };
const PAGE_SIZE = 20;

/** 联系消息: the messages of /contact, newest first; read, reply by mail, mark handled. */
export default function ContactTab() {
  const { t } = useTranslation('adminContent');
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminContactMessage | null>(null);
  const q = useQuery(contactMessagesQuery({ status: status || undefined, page, limit: PAGE_SIZE }));

  const columns: ColumnsType<AdminContactMessage> = [
    {
      title: t('contact.columns.from'),
      key: 'from',
      render: (_: unknown, m) => (
        <span>
          {m.name}
          <br />
          <span className="adm-change">{m.email}</span>
        </span>
      ),
    },
    { title: t('contact.columns.subject'), dataIndex: 'subject', render: (v: string) => <span data-testid="contact-subject">{v}</span> },
    { title: t('contact.columns.type'), dataIndex: 'userType', render: (v: string) => t(`contact.userTypes.${v as 'general'}`), responsive: ['md'] },
    { title: t('contact.columns.status'), dataIndex: 'status', render: (s: Status) => <Tag color={COLOR[s]}>{t(`contact.statuses.${s}`)}</Tag> },
    { title: t('contact.columns.createdAt'), dataIndex: 'createdAt', render: (v: string) => f.dateTime(v), responsive: ['md'] },
    {
      title: t('contact.columns.actions'),
      key: 'actions',
      render: (_: unknown, m) => (
        <Button size="small" onClick={() => setOpen(m)} data-testid="contact-view">
          {t('contact.view')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="admin-contact">
      <div className="adm-toolbar">
        <Select<Status | ''>
          value={status}
          aria-label={t('contact.status')}
          style={{ width: 140 }}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[{ value: '', label: t('contact.allStatuses') }, ...CONTACT_STATUSES.map((s) => ({ value: s, label: t(`contact.statuses.${s}`) }))]}
        />
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('refresh', { ns: 'admin' })}
        </Button>
      </div>
      {q.isError && <Alert type="error" showIcon title={apiErrorText(q.error, t('contact.failed'))} style={{ marginBottom: 12 }} />}
      <Table<AdminContactMessage>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.items ?? []}
        loading={q.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('contact.empty') }}
        onRow={() => ({ 'data-testid': 'contact-row' }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: q.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total, [from, to]) => t('showing', { ns: 'admin', from, to, total }),
        }}
      />
      {open && <ContactModal message={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function ContactModal({ message: m, onClose }: { message: AdminContactMessage; onClose: () => void }) {
  const { t } = useTranslation('adminContent');
  const { message } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const reply = useAdminAction(adminCalls.replyContact);
  const close = useAdminAction(adminCalls.closeContact);
  const [text, setText] = useState('');
  return (
    <Modal open title={m.subject} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <div data-testid="contact-detail">
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('contact.columns.from')}>
            {m.name} · {m.email}
          </Descriptions.Item>
          {m.phone && <Descriptions.Item label={t('contact.phone')}>{m.phone}</Descriptions.Item>}
          <Descriptions.Item label={t('contact.columns.type')}>{t(`contact.userTypes.${m.userType as 'general'}`)}</Descriptions.Item>
          <Descriptions.Item label={t('contact.columns.createdAt')}>{f.dateTime(m.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('contact.columns.status')}>{t(`contact.statuses.${m.status}`)}</Descriptions.Item>
        </Descriptions>
        <p style={{ whiteSpace: 'pre-wrap', margin: '12px 0' }}>{m.message}</p>
        {m.reply && (
          <Alert
            type="success"
            title={t('contact.yourReply')}
            description={<span style={{ whiteSpace: 'pre-wrap' }}>{m.reply}</span>}
            style={{ marginBottom: 12 }}
          />
        )}
        <label htmlFor="contact-reply">{t('contact.replyTitle', { name: m.name })}</label>
        <Input.TextArea
          id="contact-reply"
          rows={4}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('contact.replyPlaceholder')}
          data-testid="contact-reply"
        />
        <Space style={{ marginTop: 12 }} wrap>
          <Button
            type="primary"
            disabled={!text.trim()}
            loading={reply.isPending}
            data-testid="contact-send"
            onClick={() =>
              reply.mutate(
                { id: m.id, message: text.trim() },
                {
                  onSuccess: () => {
                    void message.success(t('contact.sent'));
                    onClose();
                  },
                  onError: (e) => void message.error(apiErrorText(e, t('contact.failed'))),
                },
              )
            }
          >
            {t('contact.send')}
          </Button>
          {m.status !== 'closed' && (
            <Button
              loading={close.isPending}
              data-testid="contact-close"
              onClick={() =>
                close.mutate(m.id, {
                  onSuccess: () => {
                    void message.success(t('contact.closed'));
                    onClose();
                  },
                  onError: (e) => void message.error(apiErrorText(e, t('contact.failed'))),
                })
              }
            >
              {t('contact.close')}
            </Button>
          )}
        </Space>
      </div>
    </Modal>
  );
}
