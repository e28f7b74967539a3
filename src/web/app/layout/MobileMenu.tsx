import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingOutlined, LogoutOutlined } from '@ant-design/icons';
import type { Me } from '../../features/auth/api';
import { MobileNotifications } from '../../features/notifications/NotificationBell';
import { AccountAvatar } from './AccountAvatar';
import { NAV_LINKS, accountEntries, accountKind, accountTitle } from './accountMenu';

type Props = {
  id: string;
  open: boolean;
  onClose: () => void;
  user: Me | null | undefined;
  busy: boolean;
  onSignIn: () => void;
  onSignOut: () => void;
};

/** The same entries as the header, for narrow screens (below 768px). */
export function MobileMenu({ id, open, onClose, user, busy, onSignIn, onSignOut }: Props) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const kind = user ? accountKind(user) : null;

  return (
    <div id={id} ref={panelRef} className={`mobile-menu${open ? ' is-open' : ''}`} hidden={!open} data-testid="mobile-menu">
      <nav aria-label={t('header.mobileMenu')}>
        <ul className="mobile-menu__list">
          {NAV_LINKS.map((l) => (
            <li key={l.key}>
              <NavLink to={l.to} end={l.to === '/'} className="mobile-menu__link" onClick={onClose}>
                {t(`nav.${l.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        {user && kind ? (
          <div className="mobile-menu__account">
            <div className="mobile-menu__user">
              <AccountAvatar user={user} />
              <span>
                <span className="mobile-menu__title">{accountTitle(user, t(`userMenu.titles.${kind}`))}</span>
                {user.agencyStaff && (
                  <span className="mobile-menu__email" data-testid="mobile-menu-staff-as">
                    {t('userMenu.staffAs', { name: user.agencyStaff.name, role: t(`userMenu.staffRoles.${user.agencyStaff.role}`) })}
                  </span>
                )}
                <span className="mobile-menu__email">{user.email}</span>
              </span>
            </div>
            <ul className="mobile-menu__list">
              {accountEntries(kind, user.agencyStaff?.role ?? null).map((e) => (
                <li key={e.key}>
                  <Link to={e.to} className="mobile-menu__link" onClick={onClose} data-testid={`mobile-menu-${e.key}`}>
                    {t(`userMenu.${e.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
            <MobileNotifications userId={user.id} />
            <button
              type="button"
              className="btn btn--ghost btn--block btn--danger"
              onClick={onSignOut}
              disabled={busy}
              aria-busy={busy}
              data-testid="mobile-logout"
            >
              {busy ? <LoadingOutlined aria-hidden="true" /> : <LogoutOutlined aria-hidden="true" />}
              {busy ? t('userMenu.loggingOut') : t('userMenu.logout')}
            </button>
          </div>
        ) : user === null ? (
          <div className="mobile-menu__actions">
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => {
                onClose();
                onSignIn();
              }}
              data-testid="mobile-login"
            >
              {t('header.login')}
            </button>
            <Link to="/signup" className="btn btn--primary btn--block" onClick={onClose} data-testid="mobile-signup">
              {t('header.signup')}
            </Link>
          </div>
        ) : null}
      </nav>
    </div>
  );
}
