import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilled } from '@ant-design/icons';
import { useBusinessValues } from '../siteSettings';
import { LogoMark } from './Logo';
import { FOOTER_LINKS, NAV_LINKS } from './accountMenu';

export function Footer() {
  const { t } = useTranslation();
  const businessValues = useBusinessValues();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--light" aria-label={t('header.logoLabel')}>
            <LogoMark />
            <span className="brand__name">{t('appName')}</span>
          </Link>
          <p>{t('footer.description')}</p>
        </div>
        <nav aria-labelledby="footer-platform">
          <h2 id="footer-platform" className="site-footer__heading">
            {t('footer.platform')}
          </h2>
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.key}>
                <Link to={l.to}>{t(`nav.${l.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            {t('footer.quickLinks')}
          </h2>
          <ul>
            {FOOTER_LINKS.map((l) => (
              <li key={l.key}>
                <Link to={l.to} data-testid={`footer-${l.key}`}>
                  {t(`footer.${l.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">{t('footer.service')}</h2>
          <ul className="site-footer__facts">
            {(['serviceFee', 'settlement', 'payout', 'hours'] as const).map((k) => (
              <li key={k}>
                <CheckCircleFilled aria-hidden="true" /> {t(`footer.${k}`, businessValues)}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container">{t('footer.copyright', { year })}</div>
      </div>
    </footer>
  );
}
