import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { HeroArt } from './HeroArt';
import { useBusinessValues } from '../../app/siteSettings';

export function Hero() {
  const { t } = useTranslation('home');
  const businessValues = useBusinessValues();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__bg" aria-hidden="true" />
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <span className="hero__dot" aria-hidden="true" />
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="hero__title">
            {t('hero.title')}
            <span className="hero__accent">{t('hero.titleAccent')}</span>
          </h1>
          <p className="hero__subtitle">{t('hero.subtitle')}</p>
          <div className="hero__actions">
            <Link to="/signup?type=influencer" className="btn btn--primary btn--lg" data-testid="hero-signup-influencer">
              {t('hero.ctaInfluencer')}
              <RightOutlined aria-hidden="true" />
            </Link>
            <Link to="/signup?type=company" className="btn btn--outline-light btn--lg" data-testid="hero-signup-company">
              {t('hero.ctaCompany')}
            </Link>
          </div>
          <ul className="hero__points">
            {(['fee', 'settlement', 'review'] as const).map((k) => (
              <li key={k}>
                <CheckCircleFilled aria-hidden="true" />
                {t(`hero.points.${k}`, businessValues)}
              </li>
            ))}
          </ul>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}
