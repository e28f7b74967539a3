import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ReloadOutlined, RightOutlined, VideoCameraOutlined, WarningOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import { VideoCard } from '../../components/VideoCard';
import { latestVideosQuery } from '../videos/api';

/** The showcase of the 4 latest videos: placeholders, empty state, error state with retry. */
export function LatestVideos() {
  const { t } = useTranslation('home');
  const { t: tv } = useTranslation('videos');
  const videos = useQuery(latestVideosQuery());

  let body: React.ReactNode;
  if (videos.isPending) {
    body = (
      <div className="video-grid" role="status" aria-label={tv('loading')}>
        {Array.from({ length: LIMITS.homeLatestVideos }, (_, i) => (
          <div className="video-card video-card--placeholder" key={i} data-testid="video-placeholder">
            <div className="video-card__media skeleton" />
            <div className="video-card__body">
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line skeleton--short" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (videos.isError) {
    body = (
      <div className="state-box state-box--error" role="alert" data-testid="home-videos-error">
        <WarningOutlined className="state-box__icon" aria-hidden="true" />
        <h3 className="state-box__title">{tv('errorTitle')}</h3>
        <p className="state-box__text">{tv('errorText')}</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void videos.refetch()}
          disabled={videos.isFetching}
          data-testid="home-videos-retry"
        >
          <ReloadOutlined aria-hidden="true" spin={videos.isFetching} />
          {tv('retry')}
        </button>
      </div>
    );
  } else if (videos.data.length === 0) {
    body = (
      <div className="state-box" data-testid="home-videos-empty">
        <VideoCameraOutlined className="state-box__icon" aria-hidden="true" />
        <p className="state-box__title">{tv('empty')}</p>
      </div>
    );
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
