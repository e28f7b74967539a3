import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppstoreOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  EyeOutlined,
  SafetyOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { Schema } from '../../lib/client';
import { formatBps } from '@shared/money';
import { useTaskFormat } from './format';

type TaskCard = Schema<'TaskCard'>;

const REQUIREMENTS_SHOWN = 3;

function Fact({ icon, label, children, testId, wide }: { icon: ReactNode; label: string; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={`tk-fact${wide ? ' tk-fact--wide' : ''}`} data-testid={testId}>
      <dt>
        <span className="tk-fact__icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Applicants, 已招 x/N and views, for the line under the title. */
export function TaskCounts({ task }: { task: TaskCard }) {
  const { t } = useTranslation('tasks');
  return (
    <>
      <span className="tk-counts__item">
        <TeamOutlined aria-hidden="true" /> {t('detail.applicants')}{' '}
        <strong data-testid="task-applicants-count">{t('detail.applicantsValue', { count: task.applicationsCount, max: task.maxApplicants })}</strong>
      </span>
      <span className="tk-counts__item">
        <UserAddOutlined aria-hidden="true" /> {t('slots.label')}{' '}
        <strong data-testid="task-slots">{t('slots.value', { current: task.currentApplicants, slots: task.slots })}</strong>
      </span>
      <span className="tk-counts__item">
        <EyeOutlined aria-hidden="true" /> {t('detail.views')} <strong data-testid="task-views">{task.viewsCount}</strong>
      </span>
    </>
  );
}

/** The task's key facts: budget, prepayment, deposit, live date, duration, location, product, category. */
export function TaskFacts({ task }: { task: TaskCard }) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  return (
    <dl className="tk-facts">
      <Fact icon={<DollarOutlined />} label={t('detail.budget')} testId="task-budget" wide>
        <strong className="tk-money">{f.budget(task.budgetMinCents, task.budgetMaxCents)}</strong>
      </Fact>
      <Fact icon={<DollarOutlined />} label={t('detail.pricing')} testId="task-pricing">
        {task.pricingModel === 'fixed'
          ? t('pricing.fixed')
          : task.pricingModel === 'commission'
            ? t('pricing.commissionOf', { percent: formatBps(task.commissionBps) })
            : t('pricing.slotPlus', { percent: formatBps(task.commissionBps) })}
      </Fact>
      <Fact icon={<WalletOutlined />} label={t('detail.prepayment')}>
        {task.isAdvancePaid ? t('detail.prepaid', { amount: f.money(task.paidAmountCents) }) : t('detail.notPrepaid')}
      </Fact>
      <Fact icon={<SafetyOutlined />} label={t('detail.deposit')}>
        {task.requiresDeposit ? t('detail.depositRequired', { amount: f.money(task.depositAmountCents) }) : t('detail.noDeposit')}
      </Fact>
      <Fact icon={<CalendarOutlined />} label={t('detail.liveDate')}>
        {f.dateTime(task.liveDate)}
      </Fact>
      <Fact icon={<ClockCircleOutlined />} label={t('detail.duration')}>
        {t('detail.durationValue', { count: task.durationHours })}
      </Fact>
      <Fact icon={<EnvironmentOutlined />} label={t('detail.location')}>
        {f.location(task.location)}
      </Fact>
      <Fact icon={<ShoppingOutlined />} label={t('detail.product')}>
        {task.productName?.trim() || t('fallback.notSet')}
      </Fact>
      <Fact icon={<AppstoreOutlined />} label={t('detail.category')}>
        {f.category(task.category)}
      </Fact>
    </dl>
  );
}

/** Description and the requirements list (first few, then 展开 / 收起). */
export function TaskBody({ task, headingLevel = 2 }: { task: TaskCard; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('tasks');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const H = `h${headingLevel}` as const;
  const reqs = task.requirements;
  const hidden = Math.max(0, reqs.length - REQUIREMENTS_SHOWN);
  const shown = expanded ? reqs : reqs.slice(0, REQUIREMENTS_SHOWN);
  return (
    <>
      <section className="tk-block" aria-labelledby={`${listId}-desc`}>
        <H className="tk-block__title" id={`${listId}-desc`}>
          {t('detail.description')}
        </H>
        <p className="tk-desc">{task.description?.trim() || t('fallback.noDescription')}</p>
      </section>
      <section className="tk-block" aria-labelledby={`${listId}-reqs`}>
        <H className="tk-block__title" id={`${listId}-reqs`}>
          {t('detail.requirements')}
        </H>
        {reqs.length === 0 ? (
          <p className="tk-muted">{t('detail.noRequirements')}</p>
        ) : (
          <>
            <ol className="tk-reqs" id={listId} data-testid="task-requirements">
              {shown.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ol>
            {hidden > 0 && (
              <button
                type="button"
                className="tk-link-btn"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => setExpanded((e) => !e)}
                data-testid="task-requirements-toggle"
              >
                {expanded ? t('detail.collapse') : t('detail.expandMore', { count: hidden })}
              </button>
            )}
          </>
        )}
      </section>
    </>
  );
}
