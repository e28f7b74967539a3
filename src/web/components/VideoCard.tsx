import { useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EyeOutlined, PlayCircleFilled } from '@ant-design/icons';
import { formatCount } from '@shared/counts';
import type { Schema } from '../lib/client';
import { shortLang } from '../i18n/lang';
import type { VideoRouteState } from '../features/videos/types';
import './VideoCard.css';

type Video = Schema<'VideoCard'>;

export const DEFAULT_THUMBNAIL = '/default-thumbnail.svg';

/** onError handler: falls back to the default thumbnail (once) when a poster fails to load. */
export function onPosterError(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  if (!img.src.endsWith(DEFAULT_THUMBNAIL)) img.src = DEFAULT_THUMBNAIL;
}

/** A video in the showcase: opens /video/{id} and hands the card data over in router state. */
export function VideoCard({ video, headingLevel = 3 }: { video: Video; headingLevel?: 2 | 3 | 4 }) {
  const { t, i18n } = useTranslation('videos');
  const lang = shortLang(i18n.language);
  const [avatarFailed, setAvatarFailed] = useState(false);
  const influencerName = video.influencerName?.trim() || t('unknownInfluencer');
  const categoryName = (lang === 'en' ? video.categoryNameEn?.trim() : '') || video.categoryName?.trim() || t('uncategorized');
  // the detail page shows the card at once while it loads the rest
  const state: VideoRouteState = { video };
  const Heading = `h${headingLevel}` as const;
  return (
    <Link to={`/video/${video.id}`} state={state} className="video-card" data-testid="video-card">
      <div className="video-card__media">
        <img
          src={video.posterUrl || DEFAULT_THUMBNAIL}
          alt={t('posterAlt', { title: video.title })}
          width={640}
          height={400}
          loading="lazy"
          decoding="async"
          onError={onPosterError}
        />
        <span className="video-card__category">{categoryName}</span>
        {video.duration ? (
          <span className="video-card__duration">
            <span className="visually-hidden">{t('duration')} </span>
            {video.duration}
          </span>
        ) : null}
        <PlayCircleFilled className="video-card__play" aria-hidden="true" />
      </div>
      <div className="video-card__body">
        <Heading className="video-card__title">{video.title}</Heading>
        <div className="video-card__meta">
          <span className="video-card__influencer">
            {video.influencerAvatar && !avatarFailed ? (
              <img src={video.influencerAvatar} alt="" className="video-card__avatar" width={24} height={24} onError={() => setAvatarFailed(true)} />
            ) : (
              <span className="video-card__avatar video-card__avatar--letter" aria-hidden="true">
                {influencerName.slice(0, 1)}
              </span>
            )}
            <span className="visually-hidden">{t('influencer')} </span>
            <span className="video-card__name">{influencerName}</span>
          </span>
          <span className="video-card__views">
            <EyeOutlined aria-hidden="true" />
            <span className="visually-hidden">{t('views')} </span>
            {formatCount(video.viewsCount, lang)}
          </span>
        </div>
      </div>
    </Link>
  );
}
