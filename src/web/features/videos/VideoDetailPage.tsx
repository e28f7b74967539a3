import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CommentOutlined, EyeOutlined, LikeOutlined, ShareAltOutlined, StarFilled } from '@ant-design/icons';
import { displayCount, formatCount } from '@shared/counts';
import { HOT_TAGS, toPlayable } from '@shared/embed';
import type { Schema } from '../../lib/client';
import { Loading, LoadFailed, NotFound } from '../../components/PageState';
import { DEFAULT_THUMBNAIL, VideoCard } from '../../components/VideoCard';
import { shortLang } from '../../i18n/lang';
import { isApiError } from '../../lib/api';
import { useBack } from '../../lib/useBack';
import { usePageTitle } from '../../lib/usePageTitle';
import { recordVideoView, videoDetailQuery } from './api';
import type { VideoRouteState } from './types';
import '../tasks/tasks.css';
import './videos.css';
import type { Prefetch } from '../../app/prefetch';
import { isUuid } from '@shared/ids';

type Video = Schema<'VideoCard'>;

/** What the video page's first render reads (rendered by the server for a visitor; decision 0034). */
export const prefetch: Prefetch = async ({ queryClient, params }) => {
  const id = (params.id ?? '').trim();
  if (isUuid(id)) await queryClient.prefetchQuery(videoDetailQuery(id));
};

/** /video/{id} — a showcase video: the player, counts, the influencer, related videos, hot tags. */
export default function VideoDetailPage() {
  const { t } = useTranslation('videos');
  const { id = '' } = useParams();
  const videoId = id.trim();
  const valid = isUuid(videoId);
  const location = useLocation();
  const fromCard = (location.state as VideoRouteState | null)?.video;
  const qc = useQueryClient();
  const detail = useQuery({ ...videoDetailQuery(videoId), enabled: valid });
  const back = useBack('/videos');
  const video = detail.data?.video ?? (fromCard?.id === videoId ? fromCard : undefined);
  usePageTitle(video?.title ?? t('detail.documentTitle'));

  // one visit = one counted view (the server dedupes); a counted view refreshes the numbers
  const viewed = useRef<string | null>(null);
  const loaded = detail.isSuccess;
  useEffect(() => {
    if (!loaded || viewed.current === videoId) return;
    viewed.current = videoId;
    recordVideoView(videoId).then(
      (r) => {
        if (r.counted) void qc.invalidateQueries({ queryKey: ['videos', 'detail', videoId] });
      },
      () => {
        /* a failed count is not worth a message */
      },
    );
  }, [loaded, videoId, qc]);

  if (!valid || (detail.isError && !video)) {
    const notFound = !valid || (isApiError(detail.error) && detail.error.status === 404);
    const backButton = (
      <button type="button" className="btn btn--ghost" onClick={back}>
        {t('detail.back')}
      </button>
    );
    return (
      <div className="container tk-page">
        {notFound ? (
          <NotFound testId="video-not-found" title={t('detail.notFound')} actions={backButton} />
        ) : (
          <LoadFailed testId="video" title={t('detail.loadFailed')} onRetry={() => void detail.refetch()} retrying={detail.isFetching} actions={backButton} />
        )}
      </div>
    );
  }
  if (!video) return <Loading className="container tk-page vd-skeleton" label={t('loading')} />;
  return <VideoView video={video} related={detail.data?.relatedVideos} back={back} />;
}

function Player({ video }: { video: Video }) {
  const { t } = useTranslation('videos');
  const playable = toPlayable(video.videoUrl);
  const poster = video.posterUrl || DEFAULT_THUMBNAIL;
  if (playable?.kind === 'file') {
    return (
      <video
        className="vd-player"
        controls
        preload="metadata"
        poster={poster}
        playsInline
        data-testid="video-player"
        aria-label={t('detail.player', { title: video.title })}
      >
        <source src={playable.src} />
      </video>
    );
  }
  if (playable?.kind === 'embed') {
    return (
      <iframe
        className="vd-player"
        src={playable.src}
        title={t('detail.player', { title: video.title })}
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="video-embed"
      />
    );
  }
  return (
    <img
      className="vd-player"
      src={poster}
      alt={t('posterAlt', { title: video.title })}
      width={1280}
      height={720}
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(DEFAULT_THUMBNAIL)) e.currentTarget.src = DEFAULT_THUMBNAIL;
      }}
      data-testid="video-poster"
    />
  );
}

function VideoView({ video, related, back }: { video: Video; related?: Video[]; back: () => void }) {
  const { t, i18n } = useTranslation('videos');
  const lang = shortLang(i18n.language);
  const category = (lang === 'en' ? video.categoryNameEn : '') || video.categoryName || t('uncategorized');
  const name = video.influencerName?.trim() || t('unknownInfluencer');
  return (
    <div className="container tk-page vd-detail" data-testid="video-detail" data-video-id={video.id}>
      <button type="button" className="tk-back" onClick={back} data-testid="video-back">
        {t('detail.back')}
      </button>
      <div className="vd-detail__grid">
        <div className="vd-detail__main">
          <div className="vd-player-box">
            <Player video={video} />
          </div>
          <div className="card vd-info">
            <span className="pp-chip vd-chip">{category}</span>
            <h1 className="vd-title">{video.title}</h1>
            <ul className="vd-counts">
              <li>
                <EyeOutlined aria-hidden="true" /> <span className="visually-hidden">{t('views')}</span>
                <span data-testid="video-views">{formatCount(video.viewsCount, lang)}</span>
              </li>
              <li>
                <LikeOutlined aria-hidden="true" /> {t('detail.likes')} {formatCount(video.likesCount, lang)}
              </li>
              <li>
                <CommentOutlined aria-hidden="true" /> {t('detail.comments')} {formatCount(video.commentsCount, lang)}
              </li>
              <li>
                <ShareAltOutlined aria-hidden="true" /> {t('detail.shares')} {formatCount(video.sharesCount, lang)}
              </li>
            </ul>
            <p className="vd-desc">{video.description?.trim() || t('detail.noDescription')}</p>
            {video.tags.length > 0 && (
              <ul className="vd-tags" aria-label={t('detail.tags')}>
                {video.tags.map((tag) => (
                  <li key={tag}>
                    <Link to={`/videos?search=${encodeURIComponent(tag)}`}>#{tag}</Link>
                  </li>
                ))}
              </ul>
            )}
            <div className="vd-influencer">
              {video.influencerAvatar ? <img src={video.influencerAvatar} alt="" width={48} height={48} className="vd-influencer__avatar" /> : null}
              <div>
                <p className="vd-influencer__name">{name}</p>
                <p className="tk-muted">
                  {video.influencerFollowers ? t('detail.followers', { count: displayCount(video.influencerFollowers, lang) }) : null}{' '}
                  <StarFilled className="pp-star" aria-hidden="true" /> {t('detail.rating', { rating: video.influencerRating.toFixed(1) })}
                </p>
              </div>
              {video.influencerId && (
                <Link to={`/influencer/${video.influencerId}`} className="btn btn--ghost btn--sm" data-testid="video-influencer-link">
                  {t('detail.viewProfile')}
                </Link>
              )}
            </div>
          </div>
        </div>
        <aside className="vd-detail__side">
          <section className="card vd-side-block" aria-labelledby="vd-related">
            <h2 id="vd-related" className="tk-block__title">
              {t('detail.related')}
            </h2>
            {related === undefined ? null : related.length === 0 ? (
              <p className="tk-muted">{t('detail.noRelated')}</p>
            ) : (
              <ul className="vd-related" data-testid="related-videos">
                {related.map((v) => (
                  <li key={v.id}>
                    <VideoCard video={v} headingLevel={3} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card vd-side-block" aria-labelledby="vd-hot">
            <h2 id="vd-hot" className="tk-block__title">
              {t('detail.hotTags')}
            </h2>
            <ul className="vd-tags">
              {HOT_TAGS.map((tag) => (
                <li key={tag.zh}>
                  <Link to={`/videos?search=${encodeURIComponent(tag.zh)}`}>#{tag[lang]}</Link>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
