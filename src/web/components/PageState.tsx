import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import './PageState.css';

/**
 * The page-state kit (decision 0036): what a page, a section or a panel shows instead of its content.
 * - `<Loading>` (its own light module, re-exported here): a spinner, or the page's skeleton of its content's size;
 * - `<LoadFailed onRetry>`: a title (default 加载失败), the page's text — the translated error code
 *   (lib/errors.ts `apiErrorText`) where the page shows one — and the one retry button (common `retry`).
 *   The kit does not import the error table itself: it is ~8 KB gzip, over the light pages' budgets;
 * - `<Empty>`: nothing to show (the page's words and icon, an optional action);
 * - `<NotFound>`: the record of the address does not exist (the whole-page 404 is app/NotFoundPage);
 * - `<StateBox>`: the box they are all drawn with, for other notices (sign in first, only companies…).
 * No antd and no icon of its own (a drawn ! or ?: each @ant-design icon is a ~0.8 KB chunk of its own, and the
 * home page is at its budget), no `window`, no clock: the server and the browser render the same markup.
 */
export { Loading } from './Loading';

type Level = 1 | 2 | 3;

type BoxProps = {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
  testId?: string;
  /** headings inside pages are h2; inside panels h3; a page that is only the notice h1 */
  level?: Level;
  role?: 'alert' | 'status';
  /** less air: inside a panel or a section of a page */
  compact?: boolean;
};

/** The box of every state: icon, heading, text, actions. */
export function StateBox({ icon, title, text, actions, tone = 'neutral', testId, level = 2, role, compact = false }: BoxProps) {
  const H = `h${level}` as const;
  const cls = `tk-state${tone === 'error' ? ' tk-state--error' : ''}${compact ? ' tk-state--compact' : ''}`;
  return (
    <div className={cls} data-testid={testId} role={role}>
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

/** The default mark of a failure (!) or a missing record (?): a glyph in a circle, no icon chunk. */
const Mark = ({ children }: { children: string }) => <span className="tk-state__mark">{children}</span>;

/** A 404 from the API: the record does not exist (or is not visible to this user). */
export const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;

type CommonProps = Pick<BoxProps, 'icon' | 'text' | 'actions' | 'level' | 'compact'>;

/**
 * A load failed. `testId` names the pair: the box is `<testId>-error`, its button `<testId>-retry`.
 * `text`: the page's words, or the translated error code. `actions`: more buttons after the retry one.
 */
export function LoadFailed({
  onRetry,
  retrying = false,
  title,
  text,
  testId,
  icon,
  actions,
  level,
  compact,
}: CommonProps & {
  onRetry: () => void;
  /** a retry is under way (query.isFetching): the button waits */
  retrying?: boolean;
  /** default 加载失败 */
  title?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <StateBox
      testId={`${testId}-error`}
      tone="error"
      role="alert"
      icon={icon ?? <Mark>!</Mark>}
      title={title ?? t('loadFailed')}
      text={text}
      level={level}
      compact={compact}
      actions={
        <>
          <button type="button" className="btn btn--primary" onClick={onRetry} disabled={retrying} data-testid={`${testId}-retry`}>
            {retrying && <span className="spinner spinner--sm" aria-hidden="true" />}
            {t('retry')}
          </button>
          {actions}
        </>
      }
    />
  );
}

/** Nothing to show: `title` says what is missing, `actions` may offer a way on (clear the filters…). */
export function Empty({ testId, title, ...rest }: CommonProps & { title: ReactNode; testId?: string }) {
  return <StateBox testId={testId} title={title} {...rest} />;
}

/** The record of this address does not exist: `actions` lead back (to the list, home). */
export function NotFound({ testId, title, icon, ...rest }: CommonProps & { title: ReactNode; testId: string }) {
  return <StateBox testId={testId} tone="error" role="alert" icon={icon ?? <Mark>?</Mark>} title={title} {...rest} />;
}
