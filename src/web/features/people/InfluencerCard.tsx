import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnvironmentOutlined, SafetyCertificateFilled, StarFilled } from '@ant-design/icons';
import type { Schema } from '../../lib/client';
import { usePeopleFormat } from './format';

type Card = Schema<'InfluencerCard'>;

const MAX_CATEGORIES = 3;

/** The avatar: a fixed-size image, or the first letter when there is none (or it fails to load). */
export function Avatar({ src, name, size }: { src: string | null; name: string; size: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="pp-avatar pp-avatar--letter" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
        {name.slice(0, 1)}
      </span>
    );
  }
  return <img className="pp-avatar" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}

/**
 * An influencer in the directory: opens /influencer/{id}?from=list in a new tab (part 2 §2); a
 * "stretched" link covers the card. Followers and rate arrive as null for visitors (shown as ***).
 */
export function InfluencerCard({ item, newTab = true }: { item: Card; newTab?: boolean }) {
  const { t } = useTranslation('people');
  const f = usePeopleFormat();
  const titleId = useId();
  const href = newTab ? `/influencer/${item.id}?from=list` : `/influencer/${item.id}`;
  return (
    <article className="pp-card" data-testid="influencer-card" data-influencer-id={item.id} aria-labelledby={titleId}>
      <div className="pp-card__head">
        <Avatar src={item.avatarUrl} name={item.nickname} size={56} />
        <div className="pp-card__who">
          <h3 className="pp-card__name" id={titleId}>
            <a href={href} target={newTab ? '_blank' : undefined} rel={newTab ? 'noopener' : undefined} className="pp-card__link">
              {item.nickname}
              {newTab && <span className="visually-hidden">{t('opensInNewTab')}</span>}
            </a>
            {item.isVerified && <SafetyCertificateFilled className="pp-verified" role="img" aria-label={t('verified')} />}
          </h3>
          <p className="pp-card__location">
            <EnvironmentOutlined aria-hidden="true" /> {item.location?.trim() || t('card.unknownLocation')}
          </p>
        </div>
      </div>
      {item.categories.length > 0 && (
        <ul className="pp-chips" aria-label={t('list.category')}>
          {item.categories.slice(0, MAX_CATEGORIES).map((c) => (
            <li key={c} className="pp-chip">
              {f.category(c)}
            </li>
          ))}
        </ul>
      )}
      <dl className="pp-card__stats">
        <div>
          <dt>{t('card.rating')}</dt>
          <dd>
            <StarFilled className="pp-star" aria-hidden="true" /> {f.rating(item.rating)}
          </dd>
        </div>
        <div>
          <dt>{t('card.followers')}</dt>
          <dd data-testid="card-followers">{f.count(item.followersCount)}</dd>
        </div>
        <div>
          <dt>{t('card.rate')}</dt>
          <dd data-testid="card-rate">{f.rate(item.hourlyRateCents)}</dd>
        </div>
      </dl>
    </article>
  );
}

export function InfluencerCardSkeleton() {
  return (
    <div className="pp-card pp-card--skeleton" aria-hidden="true">
      <div className="pp-card__head">
        <span className="pp-avatar pp-skel" style={{ width: 56, height: 56 }} />
        <div className="pp-card__who">
          <span className="pp-skel pp-skel--line" />
          <span className="pp-skel pp-skel--short" />
        </div>
      </div>
      <span className="pp-skel pp-skel--line" />
      <span className="pp-skel pp-skel--line" />
    </div>
  );
}
