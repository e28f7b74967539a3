import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/usePageTitle';
import { ClosingCta } from './ClosingCta';
import { Hero } from './Hero';
import { LatestVideos } from './LatestVideos';
import { StatsStrip } from './StatsStrip';
import { WhyChooseUs } from './WhyChooseUs';
import './home.css';

export default function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('documentTitle'));
  return (
    <div className="home">
      <Hero />
      <StatsStrip />
      <LatestVideos />
      <WhyChooseUs />
      <ClosingCta />
    </div>
  );
}
