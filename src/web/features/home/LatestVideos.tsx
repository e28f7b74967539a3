import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RightOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import { VideoCard } from '../../components/VideoCard';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { latestVideosQuery } from '../videos/api';

/** The showcase of the 4 latest videos: placeholders, empty state, error state with retry. */
export function LatestVideos() {
  const { t } = useTranslation('home');
  const { t: tv } = useTranslation('videos');
  const videos = useQuery(latestVideosQuery());

  let body: React.ReactNode;
  if (videos.isPending) {
    body = (
      <Loading className="video-grid" label={tv('loading')}>
        {Array.from({ length: LIMITS.homeLatestVideos }, (_, i) => (
          <div className="video-card video-card--placeholder" key={i} data-testid="video-placeholder">
            <div className="video-card__media skeleton" />
            <div className="video-card__body">
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line skeleton--short" />
            </div>
          </div>
        ))}
      </Loading>
    );
  } else if (videos.isError) {
    body = (
      <LoadFailed
        testId="home-videos"
        level={3}
        title={tv('errorTitle')}
        text={tv('errorText')}
        onRetry={() => void videos.refetch()}
        retrying={videos.isFetching}
      />
    );
  } else if (videos.data.length === 0) {
    body = <Empty testId="home-videos-empty" level={3} icon={<VideoCameraOutlined />} title={tv('empty')} />;
  } else {
    body = (
      <ul className="video-grid">
        {videos.data.map((v) => (
          <li key={v.id}>
            <VideoCard video={v} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="section" aria-labelledby="videos-title" data-testid="home-videos">
      <div className="container">
        <div className="section__head section__head--row">
          <div>
            <h2 id="videos-title" className="section__title">
              {t('videos.title')}
            </h2>
            <p className="section__subtitle">{t('videos.subtitle')}</p>
          </div>
          <Link to="/videos" className="section__more">
            {t('videos.viewAll')} <RightOutlined aria-hidden="true" />
          </Link>
        </div>
        {body}
      </div>
    </section>
  );
}
