import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/usePageTitle';

function describe(error: unknown, unknown: string): string {
  if (error instanceof Error) {
    const head = `${error.name}: ${error.message}`;
    // V8 stacks start with "Name: message"; show that line once
    return error.stack ? (error.stack.startsWith(head) ? error.stack : `${head}\n\n${error.stack}`) : head;
  }
  if (typeof error === 'string') return error;
  return unknown;
}

/**
 * Error fallback (part 2 §2): 页面加载错误 with 刷新页面 / 返回首页 and expandable details.
 * `standalone` when the app shell itself failed (no header/footer around it).
 */
export function RouteErrorPage({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('routeError.title'));
  const body = (
    <section className="status-page" role="alert" aria-labelledby="route-error-title" data-testid="route-error">
      <p className="status-page__icon" aria-hidden="true">
        !
      </p>
      <h1 id="route-error-title" className="status-page__title">
        {t('routeError.title')}
      </h1>
      <p className="status-page__text">{t('routeError.description')}</p>
      <div className="status-page__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()} data-testid="route-error-refresh">
          {t('routeError.refresh')}
        </button>
        {/* a full navigation: the failed route state (and any broken chunk) is left behind */}
        <a href="/" className="btn btn--ghost" data-testid="route-error-home">
          {t('routeError.backHome')}
        </a>
      </div>
      <details className="status-page__details">
        <summary>{t('routeError.details')}</summary>
        <pre>{describe(error, t('routeError.unknown'))}</pre>
      </details>
    </section>
  );
  return standalone ? <main id="main">{body}</main> : body;
}

/**
 * Shows RouteErrorPage in place of its children when they throw while rendering (a page's code, a chunk
 * that failed to load). `resetKey`: the boundary clears its error when it changes (AppLayout passes the
 * path, so a link in the header leaves a failed page).
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; standalone?: boolean; resetKey?: string }, { error: unknown; key?: string }> {
  override state: { error: unknown; key?: string } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { error: unknown; key?: string }) {
    if (props.resetKey === state.key) return null;
    return { key: props.resetKey, error: state.key === undefined ? state.error : null };
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} standalone={this.props.standalone} /> : this.props.children;
  }
}

export default RouteErrorPage;
