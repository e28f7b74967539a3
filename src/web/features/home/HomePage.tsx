import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { Prefetch } from '../../app/prefetch';
import { usePageTitle } from '../../lib/usePageTitle';
import { latestVideosQuery } from '../videos/api';
import { homeStatsQuery } from './api';
import { Hero } from './Hero';
import { LatestVideos } from './LatestVideos';
import { StatsStrip } from './StatsStrip';
import './home.css';

// the sections far below the fold (why choose us, the closing call to action) are not needed for the first
// paint: their chunk is asked for when this module runs, in parallel with the first render (decision 0021)
const more = import('./HomeMore');
const HomeMore = lazy(() => more);

/** What the home page's first render reads: the figures and the latest videos (decision 0034). */
export const prefetch: Prefetch = ({ queryClient }) => Promise.all([queryClient.prefetchQuery(homeStatsQuery), queryClient.prefetchQuery(latestVideosQuery())]);

export default function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('documentTitle'));
  return (
    <div className="home">
      <Hero />
      <StatsStrip />
      <LatestVideos />
      <Suspense fallback={<div className="home__more-loading" />}>
        <HomeMore />
      </Suspense>
    </div>
  );
}
