import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FireOutlined, ShopOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import type { HomeStats } from './api';
import { intlLocale } from '../../i18n/lang';
import { homeStatsQuery } from './api';

const ITEMS: { key: keyof HomeStats; icon: React.ReactNode }[] = [
  { key: 'registeredUsers', icon: <TeamOutlined /> },
  { key: 'partnerBrands', icon: <ShopOutlined /> },
  { key: 'successCases', icon: <TrophyOutlined /> },
  { key: 'liveSessions', icon: <FireOutlined /> },
];

/** The four real platform counts (DESIGN.md: computed from the data). */
export function StatsStrip() {
  const { t, i18n } = useTranslation('home');
  const stats = useQuery(homeStatsQuery);
  const fmt = new Intl.NumberFormat(intlLocale(i18n.language));
  return (
    <section className="stats" aria-labelledby="stats-title" data-testid="home-stats">
      <div className="container">
        <h2 id="stats-title" className="visually-hidden">
          {t('stats.title')}
        </h2>
        <dl className="stats__card" aria-busy={stats.isPending}>
          {ITEMS.map((item) => (
            <div className="stats__item" key={item.key} data-testid={`home-stat-${item.key}`}>
              <dt className="stats__label">
                <span className="stats__icon" aria-hidden="true">
                  {item.icon}
                </span>
                {t(`stats.${item.key}`)}
              </dt>
              <dd className="stats__value">
                {stats.isPending ? (
                  <span className="skeleton skeleton--stat" />
                ) : stats.data ? (
                  fmt.format(stats.data[item.key])
                ) : (
                  <span title={t('stats.unavailable')}>—</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
