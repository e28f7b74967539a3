import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { rosterQuery } from './rosterQuery';
import { ACTING_PARAM } from '@shared/routes';

/** the influencer's pages an agency works in for them (the banner's links and the workspace's per-row links) */
export const ACTING_PAGES = [
  { key: 'tasks', to: '/tasks' },
  { key: 'applications', to: '/influencer-tasks' },
  { key: 'deals', to: '/deals' },
] as const;
type ActingPage = (typeof ACTING_PAGES)[number]['key'];

/** Links to the influencer's pages, acting for `influencerId` (no antd: the hall and the task page stay light). */
export function ActingLinks({ influencerId, only, testId }: { influencerId: string; only?: readonly ActingPage[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="acting-links" data-testid={testId}>
      {ACTING_PAGES.filter((p) => !only || only.includes(p.key)).map((p) => (
        <Link key={p.key} to={`${p.to}?${ACTING_PARAM}=${influencerId}`} data-testid={`acting-link-${p.key}`}>
          {t(`acting.${p.key}`)}
        </Link>
      ))}
    </span>
  );
}

/**
 * On the influencer's pages opened by an agency for a roster influencer (`?as=`): who it acts for, the way back to the
 * workspace and the other pages in that context. Loaded by `ActingBannerMount` (actingFor.tsx) only when acting, for `as`; its height is fixed
 * (two lines on a phone, one on a desktop: acting.css), so neither its code nor the name arriving moves anything.
 */
export default function ActingBanner({ as }: { as: string }) {
  const { t } = useTranslation();
  const roster = useQuery(rosterQuery);
  const member = roster.data && [...roster.data.current, ...roster.data.history].find((m) => m.influencer.id === as);
  const name = member?.influencer.nickname;
  return (
    <div className="acting-banner" role="status" data-testid="acting-banner" data-influencer-id={as}>
      <p className="acting-banner__who">
        {name ? t('acting.for', { name }) : roster.isPending ? <span className="acting-banner__skel" aria-label={t('loading')} /> : t('acting.forUnknown')}
      </p>
      <Link to="/agency" className="acting-banner__back" data-testid="acting-back">
        {t('acting.back')}
      </Link>
      <nav className="acting-banner__nav" aria-label={t('acting.label')}>
        <ActingLinks influencerId={as} />
      </nav>
    </div>
  );
}
