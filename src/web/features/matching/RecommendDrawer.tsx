import { useState } from 'react';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecommendedInfluencers } from './RecommendedInfluencers';

/** /company-tasks: a button per open task that opens 推荐达人 in a drawer (full width on a phone). */
export function RecommendDrawer({ taskId, title }: { taskId: string; title: string }) {
  const { t } = useTranslation('matching');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(true)} data-testid="recommend-open">
        {t('influencers.open')}
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('influencers.drawerTitle', { title })} size="min(640px, 100vw)" destroyOnHidden>
        {open && <RecommendedInfluencers taskId={taskId} heading={false} />}
      </Drawer>
    </>
  );
}
