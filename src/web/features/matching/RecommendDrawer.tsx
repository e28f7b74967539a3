import { useState } from 'react';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InviteTask } from '../tasks/InviteDialog';
import { RecommendedInfluencers } from './RecommendedInfluencers';

/** /company-tasks: a button per open task that opens 推荐达人 in a drawer (full width on a phone). */
export function RecommendDrawer({ task }: { task: InviteTask }) {
  const { t } = useTranslation('matching');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(true)} data-testid="recommend-open">
        {t('influencers.open')}
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('influencers.drawerTitle', { title: task.title })} size="min(640px, 100vw)" destroyOnHidden>
        {open && <RecommendedInfluencers task={task} heading={false} />}
      </Drawer>
    </>
  );
}
