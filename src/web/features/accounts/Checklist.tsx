import { useTranslation } from 'react-i18next';
import { Progress } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';

export type ChecklistItem = { key: string; label: string; done: boolean };

/** Profile completeness: a percentage and the items, each done or to do. */
export function Checklist({ items, testId }: { items: ChecklistItem[]; testId: string }) {
  const { t } = useTranslation('accounts');
  const done = items.filter((i) => i.done).length;
  const percent = items.length ? Math.round((done / items.length) * 100) : 0;
  return (
    <section className="card acc-card" aria-labelledby={`${testId}-title`} data-testid={testId} data-percent={percent}>
      <div className="acc-card__head">
        <h2 id={`${testId}-title`} className="acc-card__title">
          {t('common.completeness')}
        </h2>
        <span className="checklist__count">
          {done}/{items.length}
        </span>
      </div>
      <Progress percent={percent} strokeColor={{ from: '#ff7a45', to: '#d4380d' }} aria-label={t('common.completeness')} />
      <p className="acc-muted checklist__hint">{t('common.completenessHint')}</p>
      <ul className="checklist">
        {items.map((i) => (
          <li key={i.key} className={i.done ? 'is-done' : undefined} data-testid={`${testId}-${i.key}`} data-done={i.done}>
            {i.done ? <CheckCircleFilled aria-hidden="true" /> : <ClockCircleOutlined aria-hidden="true" />}
            <span>{i.label}</span>
            <span className="visually-hidden">{i.done ? t('common.itemDone') : t('common.itemTodo')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
