import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTaskFormat } from '../tasks/format';
import { recommendedTasksQuery } from './api';
import { ReasonTags } from './ReasonTags';
import { FOR_YOU_MIN_HEIGHT, ForYouPlaceholder } from './ForYouPlaceholder';
import './matching.css';

/** 为你推荐: open tasks recommended to the signed-in influencer, each with its reasons (decision 0019). */
export function ForYou() {
  const { t } = useTranslation('matching');
  const f = useTaskFormat();
  const q = useQuery(recommendedTasksQuery);
  // its place is held while the tasks load; nothing to say (or the profile is not complete yet): the strip stays away
  if (q.isPending) return <ForYouPlaceholder />;
  if (!q.data || q.data.length === 0) return null;
  return (
    <section className="mt-foryou card" aria-labelledby="mt-foryou-title" data-testid="for-you" style={{ minHeight: FOR_YOU_MIN_HEIGHT }}>
      <h2 className="tk-block__title" id="mt-foryou-title">
        {t('tasks.title')}
      </h2>
      <ul className="mt-strip">
        {q.data.map((task) => (
          <li key={task.id} className="mt-strip__item" data-testid="for-you-task">
            <Link to={`/task/${task.id}`} className="mt-item__name">
              {task.title}
            </Link>
            <span className="mt-item__meta">{task.companyName}</span>
            <span className="mt-item__meta">
              {f.budget(task.budgetMinCents, task.budgetMaxCents)} · {f.location(task.location)}
            </span>
            <ReasonTags reasons={task.reasons} side="task" />
          </li>
        ))}
      </ul>
    </section>
  );
}
