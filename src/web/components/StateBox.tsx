import type { ReactNode } from 'react';
import './StateBox.css';

type Props = {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
  testId?: string;
  /** headings inside pages are h2; inside panels h3 */
  level?: 1 | 2 | 3;
  role?: 'alert' | 'status';
};

/** Empty / error / notice box used across the pages (lists, detail pages, gates). */
export function StateBox({ icon, title, text, actions, tone = 'neutral', testId, level = 2, role }: Props) {
  const H = `h${level}` as const;
  return (
    <div className={`tk-state${tone === 'error' ? ' tk-state--error' : ''}`} data-testid={testId} role={role}>
      {icon && (
        <span className="tk-state__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <H className="tk-state__title">{title}</H>
      {text && <p className="tk-state__text">{text}</p>}
      {actions && <div className="tk-state__actions">{actions}</div>}
    </div>
  );
}
