import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarOutlined, EnvironmentOutlined, SafetyCertificateFilled, TeamOutlined } from '@ant-design/icons';
import type { Schema } from '../../lib/client';
import { useTaskFormat } from './format';
import { UrgentTag } from './StatusBadge';
import { useActingTo } from '../agencies/actingFor';

type Task = Schema<'TaskCard'>;

const MAX_REQUIREMENTS = 3;

/**
 * A task in the hall. The title link covers the whole card (a "stretched" link) and opens
 * /task/{id}?from=list in a new tab; the card's text stays readable as plain content.
 */
export function TaskCard({ task }: { task: Task }) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const titleId = useId();
  const to = useActingTo();
  const shown = task.requirements.slice(0, MAX_REQUIREMENTS);
  const more = task.requirements.length - shown.length;
  const company = task.company.companyName?.trim() || t('fallback.unknownCompany');

  return (
    <article className="tk-card" data-testid="task-card" data-task-id={task.id} aria-labelledby={titleId}>
      <div className="tk-card__top">
        <span className="tk-chip">{f.category(task.category)}</span>
        {task.isUrgent && <UrgentTag />}
      </div>
      <h3 className="tk-card__title" id={titleId}>
        <a href={to(`/task/${task.id}?from=list`)} target="_blank" rel="noopener" className="tk-card__link">
          {task.title}
          <span className="visually-hidden">{t('hall.opensInNewTab')}</span>
        </a>
      </h3>
      <p className="tk-card__company">
        <span className="tk-card__company-name">{company}</span>
        {task.company.isVerified && <SafetyCertificateFilled className="tk-verified" aria-label={t('verified')} role="img" />}
      </p>
      <p className="tk-card__budget">
        <span className="visually-hidden">{t('card.budget')}: </span>
        {f.budget(task.budgetMinCents, task.budgetMaxCents)}
      </p>
      <ul className="tk-card__meta">
        <li>
          <CalendarOutlined aria-hidden="true" />
          <span className="visually-hidden">{t('card.liveDate')}: </span>
          {f.dateTime(task.liveDate)}
        </li>
        <li>
          <EnvironmentOutlined aria-hidden="true" />
          <span className="visually-hidden">{t('card.location')}: </span>
          {f.location(task.location)}
        </li>
      </ul>
      {shown.length > 0 && (
        <ul className="tk-card__reqs" aria-label={t('card.requirements')}>
          {shown.map((r, i) => (
            <li key={i} className="tk-req">
              {r}
            </li>
          ))}
          {more > 0 && (
            <li className="tk-req tk-req--more" aria-label={t('card.moreRequirementsLabel', { count: more })}>
              {t('card.moreRequirements', { count: more })}
            </li>
          )}
        </ul>
      )}
      <div className="tk-card__foot">
        <span>
          <TeamOutlined aria-hidden="true" /> {t('card.applicants', { count: task.applicationsCount, max: task.maxApplicants })}
        </span>
        <span data-testid="task-card-slots">{t('slots.hired', { current: task.currentApplicants, slots: task.slots })}</span>
        <span>{f.date(task.createdAt)}</span>
      </div>
    </article>
  );
}

export function TaskCardSkeleton() {
  return (
    <div className="tk-card tk-card--skeleton" data-testid="task-skeleton" aria-hidden="true">
      <span className="tk-skel tk-skel--chip" />
      <span className="tk-skel tk-skel--title" />
      <span className="tk-skel tk-skel--line tk-skel--short" />
      <span className="tk-skel tk-skel--budget" />
      <span className="tk-skel tk-skel--line" />
      <span className="tk-skel tk-skel--line tk-skel--short" />
      <div className="tk-card__reqs">
        <span className="tk-skel tk-skel--pill" />
        <span className="tk-skel tk-skel--pill" />
      </div>
    </div>
  );
}
