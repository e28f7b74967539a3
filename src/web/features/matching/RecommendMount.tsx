import { lazy, Suspense } from 'react';
import { lazyWithAntd } from '../../app/withAntd';
import type { InviteTask } from '../tasks/InviteDialog';
import { withTexts } from './texts';

/** 推荐达人 in one line (decision 0019): loaded when the owner's view of an open task renders it. */
const PanelLazy = lazy(() => withTexts(import('./RecommendedInfluencers')).then((m) => ({ default: m.RecommendedInfluencers })));
const DrawerLazy = lazyWithAntd(() => withTexts(import('./RecommendDrawer')).then((m) => m.RecommendDrawer));

/** on the owner's view of a task (the page decides it is the owner's view); 邀请 on each card (issue 14) */
export function RecommendedInfluencersMount({ task }: { task: InviteTask }) {
  return (
    <div className="card">
      <Suspense fallback={null}>
        <PanelLazy task={task} />
      </Suspense>
    </div>
  );
}

/** /company-tasks: the 推荐达人 button and drawer of one open task */
export function RecommendDrawerMount({ task }: { task: InviteTask }) {
  return (
    <Suspense fallback={null}>
      <DrawerLazy task={task} />
    </Suspense>
  );
}
