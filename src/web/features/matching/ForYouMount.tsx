import { lazy, Suspense } from 'react';
import { useMe } from '../auth/api';
import { withTexts } from './texts';
import { ForYouPlaceholder } from './ForYouPlaceholder';

/**
 * 为你推荐 in one line (the hall, /influencer-tasks; decision 0019): its code, styles and texts load only
 * for a signed-in influencer, so a visitor's page loads nothing of it but this gate.
 */
const ForYouLazy = lazy(() => withTexts(import('./ForYou')).then((m) => ({ default: m.ForYou })));

export function ForYouMount() {
  const me = useMe();
  if (me.data?.userType !== 'influencer') return null;
  return (
    <Suspense fallback={<ForYouPlaceholder />}>
      <ForYouLazy />
    </Suspense>
  );
}
