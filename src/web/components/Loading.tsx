import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The loading state of the page-state kit (components/PageState.tsx re-exports it). Kept in its own module
 * without icons or error texts: the shell renders it (the lazy route fallback, the session gate), so it
 * must stay light.
 *
 * - Without children or className: a spinner and 加载中... (`.page-loading`, 50vh), the fallback while a
 *   route's code and texts arrive.
 * - Else the page's own skeleton, which takes the space its content will (decision 0017): `children` inside
 *   a box of `className` (or that box alone, when its class gives it the size), one busy status region named
 *   `label`.
 * Renders the same markup on the server and in the browser.
 */
export function Loading({
  label,
  testId,
  className,
  children,
}: {
  /** what is loading (the accessible name); default 加载中... */
  label?: string;
  testId?: string;
  /** the box of the skeleton */
  className?: string;
  /** a skeleton of the content's size */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const text = label ?? t('loading');
  if (children == null && !className) {
    return (
      <div className="page-loading" role="status" aria-live="polite" data-testid={testId}>
        <span className="spinner" aria-hidden="true" />
        <span>{text}</span>
      </div>
    );
  }
  return (
    <div className={className} role="status" aria-busy="true" aria-label={text} data-testid={testId}>
      {children}
    </div>
  );
}
