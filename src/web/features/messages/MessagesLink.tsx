import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MessageOutlined } from '@ant-design/icons';
import { unreadMessagesQuery } from './api';
import '../notifications/notifications.css';

/** The header's link to 消息中心 with the unread badge (companies, influencers, and agencies for their roster's deals). */
export function MessagesLink({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const unread = useQuery(unreadMessagesQuery(userId)).data ?? 0;
  return (
    <Link
      to="/messages"
      className="notif__bell"
      aria-label={unread > 0 ? t('header.messagesUnread', { count: unread }) : t('header.messages')}
      data-testid="header-messages"
    >
      <MessageOutlined aria-hidden="true" />
      {unread > 0 && (
        <span className="notif__count" aria-hidden="true" data-testid="messages-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
