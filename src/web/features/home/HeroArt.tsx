import { CheckCircleFilled, EyeFilled, HeartFilled, ShoppingFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Decorative hero illustration: a live-selling phone with floating stats (CSS + inline SVG only). */
export function HeroArt() {
  const { t } = useTranslation('home');
  return (
    <div className="hero-art" aria-hidden="true">
      <div className="hero-art__ring hero-art__ring--1" />
      <div className="hero-art__ring hero-art__ring--2" />
      <div className="phone">
        <div className="phone__notch" />
        <div className="phone__screen">
          <div className="phone__top">
            <span className="live-badge">
              <span className="live-badge__dot" />
              {t('hero.art.live')}
            </span>
            <span className="phone__viewers">
              <EyeFilled /> {t('hero.art.viewers')}
            </span>
          </div>
          <svg className="phone__host" viewBox="0 0 200 220">
            <defs>
              <linearGradient id="hero-host" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stopColor="#ffd8c7" />
                <stop offset="1" stopColor="#ff9c6e" />
              </linearGradient>
              <linearGradient id="hero-shirt" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#ff6b3d" />
                <stop offset="1" stopColor="#c4200c" />
              </linearGradient>
            </defs>
            <rect x="88" y="104" width="24" height="34" rx="10" fill="#ffc2a8" />
            <circle cx="100" cy="78" r="40" fill="url(#hero-host)" />
            <path d="M58 70c0-30 22-46 44-46s42 16 42 44c-8-14-22-22-42-22s-34 8-44 24z" fill="#3b1a2a" />
            <path d="M30 220c4-52 34-84 70-84s66 32 70 84z" fill="url(#hero-shirt)" />
            <rect x="128" y="150" width="46" height="36" rx="8" fill="#fff" opacity="0.95" />
            <rect x="136" y="158" width="30" height="6" rx="3" fill="#ffb199" />
            <rect x="136" y="170" width="20" height="6" rx="3" fill="#ffd8c7" />
          </svg>
          <div className="phone__product">
            <span className="phone__product-thumb">
              <ShoppingFilled />
            </span>
            <span className="phone__product-text">
              <span>{t('hero.art.product')}</span>
              <strong>$29.90</strong>
            </span>
          </div>
          <div className="phone__hearts">
            <HeartFilled className="heart heart--1" />
            <HeartFilled className="heart heart--2" />
            <HeartFilled className="heart heart--3" />
          </div>
        </div>
      </div>
      <div className="float-card float-card--sales">
        <span className="float-card__label">{t('hero.art.orders')}</span>
        <strong className="float-card__value">$128,600.00</strong>
        <svg className="float-card__chart" viewBox="0 0 120 40" preserveAspectRatio="xMinYMax meet">
          {[10, 18, 14, 24, 20, 30, 36].map((h, i) => (
            <rect key={i} x={i * 17} y={40 - h} width="11" height={h} rx="3" fill={i === 6 ? '#d4380d' : '#ffc9b5'} />
          ))}
        </svg>
      </div>
      <div className="float-card float-card--match">
        <CheckCircleFilled /> {t('hero.art.matched')}
      </div>
    </div>
  );
}
