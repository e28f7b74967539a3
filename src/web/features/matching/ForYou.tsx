import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTaskFormat } from '../tasks/format';
import { recommendedTasksQuery } from './api';
import { ReasonTags } from './ReasonTags';
import './matching.css';

/** 为你推荐: open tasks recommended to the signed-in influencer, each with its reasons (decision 0019). */
export function ForYou() {
  const { t } = useTranslation('matching');
  const f = useTaskFormat();
  const q = useQuery(recommendedTasksQuery);
  // nothing to say (or the profile is not complete yet): the strip stays away
  if (!q.data || q.data.length === 0) return null;
  return (
    <section className="mt-foryou card" aria-labelledby="mt-foryou-title" data-testid="for-you">
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
