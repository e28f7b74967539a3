import { useTranslation } from 'react-i18next';
import type { Schema } from '../../lib/client';

/** why a task or an influencer is recommended (the same reasons on both sides) */
type MatchReason = Schema<'RecommendedTask'>['reasons'][number];

/**
 * The reasons an item was recommended, as tags; `side` picks the wording for its reader: a task's influencer (the
 * company), a task for the influencer herself ("your category"), a task for a roster influencer read by her agency
 * ("their category", issue 40 item 6).
 */
export function ReasonTags({ reasons, side }: { reasons: MatchReason[]; side: 'influencer' | 'task' | 'roster' }) {
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
