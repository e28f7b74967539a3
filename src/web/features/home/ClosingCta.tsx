import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShopOutlined, VideoCameraOutlined } from '@ant-design/icons';

/** Closing sign-up call for both roles. */
export function ClosingCta() {
  const { t } = useTranslation('home');
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta__box">
          <div className="cta__copy">
            <h2 id="cta-title" className="cta__title">
              {t('cta.title')}
            </h2>
            <p className="cta__subtitle">{t('cta.subtitle')}</p>
          </div>
          <div className="cta__actions">
            <Link to="/signup?type=influencer" className="btn btn--light btn--lg" data-testid="cta-signup-influencer">
              <VideoCameraOutlined aria-hidden="true" />
              {t('cta.influencer')}
            </Link>
            <Link to="/signup?type=company" className="btn btn--outline-light btn--lg" data-testid="cta-signup-company">
              <ShopOutlined aria-hidden="true" />
              {t('cta.company')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
