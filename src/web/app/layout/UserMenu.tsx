import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MessageOutlined,
  DashboardOutlined,
  DownOutlined,
  LoadingOutlined,
  LogoutOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  UnorderedListOutlined,
  AuditOutlined,
  WalletOutlined,
  AccountBookOutlined,
  TeamOutlined,
  ApiOutlined,
} from '@ant-design/icons';
import type { Me } from '../../features/auth/api';
import { AccountAvatar } from './AccountAvatar';
import { accountEntries, accountKind, accountTitle, type AccountEntry } from './accountMenu';

const ICONS: Record<AccountEntry['key'], React.ReactNode> = {
  admin: <DashboardOutlined />,
  workspace: <DashboardOutlined />,
  adminSetup: <SafetyCertificateOutlined />,
  profile: <ProfileOutlined />,
  settings: <SettingOutlined />,
  tasks: <UnorderedListOutlined />,
  deals: <AuditOutlined />,
  messages: <MessageOutlined />,
  wallet: <WalletOutlined />,
  settlement: <AccountBookOutlined />,
  staff: <TeamOutlined />,
  developers: <ApiOutlined />,
};

type Props = { user: Me; busy: boolean; onSignOut: () => Promise<void> };

/**
 * Desktop user menu (a WAI-ARIA menu button), titled by account type, showing the email.
 * Hand-made rather than antd Dropdown to keep the menu/trigger libraries out of the shell bundle.
 */
export function UserMenu({ user, busy, onSignOut }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const kind = accountKind(user);
  const title = accountTitle(user, t(`userMenu.titles.${kind}`));

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    if (list.length) list[(index + list.length) % list.length].focus();
  };
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // outside click closes (but not while signing out)
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!busy && wrapRef.current && !wrapRef.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, busy, close]);

  const onButtonKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const last = e.key === 'ArrowUp';
      requestAnimationFrame(() => focusItem(last ? -1 : 0));
    }
  };
  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusItem(i + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusItem(i - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusItem(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusItem(-1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (!busy) close(true);
    } else if (e.key === 'Tab') {
      if (!busy) close(false);
    }
  };

  const signOut = () => {
    void onSignOut().finally(() => setOpen(false));
  };

  return (
    <div className="user-menu" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? !busy && close(false) : setOpen(true))}
        onKeyDown={onButtonKey}
        data-testid="user-menu"
      >
        <AccountAvatar user={user} />
        <span className="user-trigger__text">
          <span className="user-trigger__title">{title}</span>
          <span className="user-trigger__email">{user.email}</span>
        </span>
        <DownOutlined className="user-trigger__caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="user-dropdown" data-testid="user-menu-popup">
          <div className="user-dropdown__head">
            <span className="user-dropdown__title" id={`${id}-title`}>
              {title}
            </span>
            {user.agencyStaff && (
              <span className="user-dropdown__label" data-testid="user-menu-staff-as">
                {t('userMenu.staffAs', { name: user.agencyStaff.name, role: t(`userMenu.staffRoles.${user.agencyStaff.role}`) })}
              </span>
            )}
            <span className="user-dropdown__label">{t('userMenu.signedInAs')}</span>
            <span className="user-dropdown__email" data-testid="user-menu-email">
              {user.email}
            </span>
          </div>
          <ul ref={menuRef} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-title`} className="user-dropdown__menu" onKeyDown={onMenuKey}>
            {accountEntries(kind, user.agencyStaff?.role ?? null).map((e) => (
              <li role="none" key={e.key}>
                <Link role="menuitem" tabIndex={-1} to={e.to} className="user-dropdown__item" onClick={() => close(false)} data-testid={`user-menu-${e.key}`}>
                  <span className="user-dropdown__icon" aria-hidden="true">
                    {ICONS[e.key]}
                  </span>
                  {t(`userMenu.${e.key}`)}
                </Link>
              </li>
            ))}
            <li role="separator" className="user-dropdown__sep" />
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="user-dropdown__item user-dropdown__item--danger"
                onClick={signOut}
                aria-disabled={busy || undefined}
                aria-busy={busy || undefined}
                disabled={busy}
                data-testid="logout"
              >
                <span className="user-dropdown__icon" aria-hidden="true">
                  {busy ? <LoadingOutlined /> : <LogoutOutlined />}
                </span>
                {busy ? t('userMenu.loggingOut') : t('userMenu.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
