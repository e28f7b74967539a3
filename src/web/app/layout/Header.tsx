import { Suspense, lazy, useCallback, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseOutlined, MenuOutlined } from '@ant-design/icons';
import { useMe, useSignOut } from '../../features/auth/api';
import { useAuthDialog } from '../../features/auth/authDialogContext';
import { LanguageSwitch } from './LanguageSwitch';
import { LogoMark } from './Logo';
import { NAV_LINKS } from './accountMenu';

// the signed-in bell and user menu and the phone menu are their own chunks: a first visit (signed out,
// menu closed) needs none of them, so they are not initial JavaScript (issue 13)
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
const NotificationBell = lazy(() => import('../../features/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })));
// the live event stream and the messages link (with their query modules) are for signed-in users only
const LiveEvents = lazy(() => import('../../features/messages/LiveEvents').then((m) => ({ default: m.LiveEvents })));
const MessagesLink = lazy(() => import('../../features/messages/MessagesLink').then((m) => ({ default: m.MessagesLink })));

export function Header() {
  const { t } = useTranslation();
  const me = useMe();
  // a failed session check counts as signed out (the header must never stay blank)
  const user = me.isError ? null : me.data;
  const { signOut, busy } = useSignOut();
  const authDialog = useAuthDialog();
  const navigate = useNavigate();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileWanted, setMobileWanted] = useState(false);
  const mobileId = useId();
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  // the phone menu (hidden until opened) is mounted once the page is idle, or at the first tap
  useEffect(() => {
    if (mobileWanted) return;
    const want = () => setMobileWanted(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(want, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(want, 2000);
    return () => window.clearTimeout(id);
  }, [mobileWanted]);

  // any navigation closes the mobile menu
  useEffect(() => setMobileOpen(false), [location.pathname]);

  const handleSignOut = useCallback(async () => {
    await signOut();
    setMobileOpen(false);
    navigate('/');
  }, [signOut, navigate]);

  const openSignIn = useCallback(() => authDialog.open({ mode: 'signin', userType: 'influencer' }), [authDialog]);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label={t('header.logoLabel')} data-testid="header-logo">
          <LogoMark />
          <span className="brand__name">{t('appName')}</span>
        </Link>

        <nav className="main-nav" aria-label={t('nav.label')}>
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.key}>
                <NavLink to={l.to} end={l.to === '/'} className="main-nav__link" data-testid={`nav-${l.key}`}>
                  {t(`nav.${l.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          <LanguageSwitch />
          {user && (
            <Suspense fallback={null}>
              <LiveEvents userId={user.id} />
            </Suspense>
          )}
          {/* outside the auth block: the unread badge stays in the bar on phones too */}
          {user && (user.userType === 'company' || user.userType === 'influencer' || user.userType === 'agency') && (
            <Suspense fallback={<span className="notif__bell" aria-hidden="true" />}>
              <MessagesLink userId={user.id} />
            </Suspense>
          )}
          <div className="site-header__auth">
            {user ? (
              <>
                <Suspense fallback={<span className="site-header__auth-placeholder" aria-hidden="true" />}>
                  <NotificationBell userId={user.id} />
                  <UserMenu user={user} busy={busy} onSignOut={handleSignOut} />
                </Suspense>
              </>
            ) : user === null ? (
              <>
                <button type="button" className="btn btn--ghost btn--sm" onClick={openSignIn} data-testid="header-login">
                  {t('header.login')}
                </button>
                <Link to="/signup" className="btn btn--primary btn--sm" data-testid="header-signup">
                  {t('header.signup')}
                </Link>
              </>
            ) : (
              <span className="site-header__auth-placeholder" aria-hidden="true" />
            )}
          </div>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={mobileOpen}
            aria-controls={mobileId}
            aria-label={mobileOpen ? t('header.closeMenu') : t('header.openMenu')}
            onClick={() => {
              setMobileWanted(true);
              setMobileOpen((o) => !o);
            }}
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            data-testid="mobile-menu-toggle"
          >
            {mobileOpen ? <CloseOutlined aria-hidden="true" /> : <MenuOutlined aria-hidden="true" />}
          </button>
        </div>
      </div>
      {mobileWanted ? (
        <Suspense fallback={<div id={mobileId} hidden />}>
          <MobileMenu
            id={mobileId}
            open={mobileOpen}
            onClose={closeMobile}
            user={user}
            busy={busy}
            onSignIn={openSignIn}
            onSignOut={() => void handleSignOut()}
          />
        </Suspense>
      ) : (
        <div id={mobileId} hidden />
      )}
    </header>
  );
}
