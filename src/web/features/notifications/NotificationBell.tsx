import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BellOutlined } from '@ant-design/icons';
import { shortLang } from '../../i18n/lang';
import { notificationsQuery, syncNotificationLocale } from './api';
import { Loading } from '../../components/Loading';
import './notifications.css';

// the list (and its texts) loads the first time the panel opens
const NotificationPanel = lazy(() => import('./NotificationPanel'));

const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/** Unread count for the signed-in user (polled every 60 s and on window focus). */
export function useUnreadCount(userId: string) {
  const q = useQuery(notificationsQuery(userId));
  return q.data?.unreadCount ?? 0;
}

/**
 * Header bell with the unread badge. Hand-made popover (no antd Dropdown / List in the shell);
 * the panel content is a lazy chunk.
 */
function Bell({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('notifications');
  // mail and notifications are written in the language the reader last chose: the server takes the browser's
  // language at sign-in (its `lang` cookie); a change made while signed in is sent here
  const locale = shortLang(i18n.language) === 'en' ? 'en' : 'zh-CN';
  const sentLocale = useRef(locale);
  useEffect(() => {
    if (locale === sentLocale.current) return;
    sentLocale.current = locale;
    void syncNotificationLocale(userId, locale);
  }, [userId, locale]);
  const unread = useUnreadCount(userId);
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(e.target as Node)) close(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return (
    <div className="notif" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="notif__bell"
        aria-label={unread > 0 ? t('bellLabel', { count: unread }) : t('bellLabelNone')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
        data-testid="notif-bell"
      >
        <BellOutlined aria-hidden="true" />
        {unread > 0 && (
          <span className="notif__count" aria-hidden="true" data-testid="notif-count">
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <div className="notif__popover" id={panelId} role="dialog" aria-label={t('title')}>
          <Suspense
            fallback={
              <Loading className="notif-panel__state">
                <span className="spinner" aria-hidden="true" />
              </Loading>
            }
          >
            <NotificationPanel userId={userId} onNavigate={() => close(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** The mobile-menu entry: 通知 with the unread count; expands the same panel inline. */
function MobileEntry({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications');
  const unread = useUnreadCount(userId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="notif-mobile">
      <button
        type="button"
        className="mobile-menu__link notif-mobile__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="mobile-notif-toggle"
      >
        <span>
          <BellOutlined aria-hidden="true" /> {t('label')}
        </span>
        {unread > 0 && (
          <span className="notif__count notif__count--inline" data-testid="mobile-notif-count">
            <span className="visually-hidden">{t('unread', { count: unread })}</span>
            <span aria-hidden="true">{badgeText(unread)}</span>
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className="notif-mobile__panel">
          <Suspense
            fallback={
              <Loading className="notif-panel__state">
                <span className="spinner" aria-hidden="true" />
              </Loading>
            }
          >
            <NotificationPanel userId={userId} onNavigate={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

// the texts (namespace `notifications`) load on demand: a same-size placeholder meanwhile
export function NotificationBell({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<span className="notif__placeholder" aria-hidden="true" />}>
      <Bell userId={userId} />
    </Suspense>
  );
}

export function MobileNotifications({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <MobileEntry userId={userId} />
    </Suspense>
  );
}
