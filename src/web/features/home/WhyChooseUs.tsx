import { useTranslation } from 'react-i18next';
import { useBusinessValues } from '../../app/siteSettings';
import {
  AuditOutlined,
  BarChartOutlined,
  CustomerServiceOutlined,
  FileAddOutlined,
  MessageOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  StarOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';

const CARDS = [
  { key: 'influencers', icon: <TeamOutlined /> },
  { key: 'brand', icon: <SafetyCertificateOutlined /> },
  { key: 'data', icon: <BarChartOutlined /> },
  { key: 'quality', icon: <StarOutlined /> },
] as const;

const STEPS = [
  { key: 'post', icon: <FileAddOutlined /> },
  { key: 'take', icon: <SolutionOutlined /> },
  { key: 'communicate', icon: <MessageOutlined /> },
  { key: 'settle', icon: <WalletOutlined /> },
  { key: 'dispute', icon: <CustomerServiceOutlined /> },
] as const;

/** Four "why choose us" cards and the platform's five service pillars. */
export function WhyChooseUs() {
  const { t } = useTranslation('home');
  const businessValues = useBusinessValues();
  return (
    <section className="section section--muted" aria-labelledby="why-title">
      <div className="container">
        <div className="section__head section__head--center">
          <h2 id="why-title" className="section__title">
            {t('why.title')}
          </h2>
          <p className="section__subtitle">{t('why.subtitle')}</p>
        </div>
        <ul className="why-grid">
          {CARDS.map((c) => (
            <li className="why-card" key={c.key} data-testid={`why-${c.key}`}>
              <span className="why-card__icon" aria-hidden="true">
                {c.icon}
              </span>
              <h3 className="why-card__title">{t(`why.${c.key}.title`)}</h3>
              <p className="why-card__text">{t(`why.${c.key}.text`, businessValues)}</p>
            </li>
          ))}
        </ul>

        <div className="process">
          <h3 className="process__title">
            <AuditOutlined aria-hidden="true" /> {t('process.title')}
          </h3>
          <ol className="process__steps">
            {STEPS.map((s, i) => (
              <li className="process__step" key={s.key}>
                <span className="process__num" aria-hidden="true">
                  {s.icon}
                </span>
                <span className="process__index" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <strong className="process__name">{t(`process.${s.key}.title`)}</strong>
                <span className="process__text">{t(`process.${s.key}.text`, businessValues)}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
