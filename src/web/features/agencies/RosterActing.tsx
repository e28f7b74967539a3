import { useTranslation } from 'react-i18next';
import type { Schema } from '../../lib/client';
import { ActingLinks } from './ActingBanner';

/**
 * A roster row's way into the influencer's pages (decision 0045): acting for them in the task hall, their applications
 * and invitations, their deals. A membership that is ending no longer takes new work: only its deals (the server
 * refuses the rest with AGENCY_MEMBER_NOT_FOUND).
 */
export function RosterActing({ m }: { m: Schema<'AgencyMembership'> }) {
  const { t } = useTranslation();
  return (
    <span className="ag-acting">
      <span className="ag-acting__label">{t('acting.label')}</span>
      <ActingLinks influencerId={m.influencer.id} only={m.status === 'active' ? undefined : ['deals']} testId="roster-acting" />
    </span>
  );
}
