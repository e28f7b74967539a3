import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { renderNotification } from '@shared/notifications';
import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { useFeedback } from '../../components/feedback';
import { shortLang } from '../../i18n/lang';
import { notificationsQuery, useMarkRead, type AppNotification } from './api';

/** Relative time (part 2 §9: today, yesterday, N days up to 7, weeks up to 30, months up to 365, then years). */
function relative(iso: string, t: TFunction<'notifications'>, now: number) {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const minutes = Math.floor((now - then) / 60_000);
  if (minutes < 1) return t('relative.justNow');
  if (minutes < 60) return t('relative.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('relative.hours', { count: hours });
  const days = Math.floor(hours / 24);
  if (days === 1) return t('relative.yesterday');
  if (days < 7) return t('relative.days', { count: days });
  if (days < 30) return t('relative.weeks', { count: Math.floor(days / 7) });
  if (days < 365) return t('relative.months', { count: Math.floor(days / 30) });
  return t('relative.years', { count: Math.floor(days / 365) });
}

/** The notification list: title, body, time; a click marks it read and opens its link. */
export default function NotificationPanel({ userId, onNavigate }: { userId: string; onNavigate: () => void }) {
  const { t, i18n } = useTranslation('notifications');
  const lang = shortLang(i18n.language);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const q = useQuery(notificationsQuery(userId));
  const mark = useMarkRead(userId);
  // times are relative to the last fetch (refreshed by the 60 s poll)
  const now = q.dataUpdatedAt;

  const open = (n: AppNotification) => {
    if (!n.readAt) mark.mutate(n.id, { onError: () => feedback.error(t('markFailed')) });
    onNavigate();
    if (n.link) {
      if (/^https?:\/\//i.test(n.link)) window.location.assign(n.link);
      else navigate(n.link);
    }
  };

  const unread = q.data?.unreadCount ?? 0;
  let body: React.ReactNode;
  if (q.isPending) {
    body = (
      <Loading className="notif-panel__state" label={t('loading')}>
        <span className="spinner" aria-hidden="true" />
      </Loading>
    );
  } else if (q.isError) {
    body = <LoadFailed testId="notif" compact level={3} title={t('loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  } else if (q.data.items.length === 0) {
    body = <Empty testId="notif-empty" compact level={3} icon={<BellOutlined />} title={t('empty')} />;
  } else {
    body = (
      <ul className="notif-panel__list">
        {q.data.items.map((n) => {
          const text = renderNotification(n, lang);
          return (
            <li key={n.id}>
              <button
                type="button"
                className={`notif-item${n.readAt ? '' : ' notif-item--unread'}`}
                onClick={() => open(n)}
                data-testid="notif-item"
                data-read={n.readAt ? 'true' : 'false'}
              >
                {!n.readAt && (
                  <span className="notif-item__dot">
                    <span className="visually-hidden">{t('unreadDot')}</span>
                  </span>
                )}
                <span className="notif-item__title">{text.title}</span>
                <span className="notif-item__body">{text.body}</span>
                <time className="notif-item__time" dateTime={n.createdAt}>
                  {relative(n.createdAt, t, now)}
                </time>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="notif-panel" data-testid="notif-panel">
      <div className="notif-panel__head">
        <span className="notif-panel__title">
          {t('title')}
          {unread > 0 && <span className="notif-panel__unread">{t('unread', { count: unread })}</span>}
        </span>
        <button
          type="button"
          className="notif-panel__read-all"
          onClick={() => mark.mutate(undefined, { onError: () => feedback.error(t('markFailed')) })}
          disabled={unread === 0 || mark.isPending}
          data-testid="notif-read-all"
        >
          <CheckOutlined aria-hidden="true" /> {t('readAll')}
        </button>
      </div>
      {body}
    </div>
  );
}
