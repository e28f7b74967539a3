import { useTranslation } from 'react-i18next';
import type { Schema } from '../../lib/client';

/** why a task or an influencer is recommended (the same reasons on both sides) */
type MatchReason = Schema<'RecommendedTask'>['reasons'][number];

/** The reasons an item was recommended, as tags; `side` picks the wording (a task's influencer, an influencer's task). */
export function ReasonTags({ reasons, side }: { reasons: MatchReason[]; side: 'influencer' | 'task' }) {
  const { t } = useTranslation('matching');
  if (reasons.length === 0) return null;
  return (
    <ul className="mt-reasons" aria-label={t('reasonsLabel')}>
      {reasons.map((r) => (
        <li key={r} className="mt-reason" data-reason={r}>
          {t(`reason.${side}.${r}`)}
        </li>
      ))}
    </ul>
  );
}
