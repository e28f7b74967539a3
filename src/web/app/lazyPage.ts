import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadNamespaces } from '../i18n';
import { withAntd } from './withAntd';

type PageModule = { default: ComponentType };
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Loads the page (code, texts, antd scope) ahead of its first render; the render then does not suspend. */
  preload: () => Promise<void>;
};

/**
 * A route-level code-split page. Its i18n namespaces and the antd scope (theme and locale, withAntd.ts)
 * load in parallel with its code, so the page renders once, fully translated and themed.
 * `{ antd: false }`: the page renders no antd component (nor does anything it imports), so it does
 * not wait for antd's runtime (scripts/size.mjs counts what each public page loads).
 *
 * `preload()` (main.tsx, for a page the server painted first): once it has resolved, React's lazy gets the
 * page synchronously (a thenable that is already fulfilled), so the first render shows the page instead of
 * the loading fallback, and replaces the server's first paint with the same picture (decision 0024).
 */
export function lazyPage(factory: () => Promise<PageModule>, namespaces: string[] = [], opts: { antd?: boolean } = {}): LazyPage {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const load = () => {
    if (!pending) {
      const page: Promise<PageModule> = Promise.all([factory(), namespaces.length ? loadNamespaces(namespaces) : Promise.resolve()]).then(([m]) => m);
      pending = (opts.antd === false ? page : withAntd(page)).then(
        (m) => (loaded = m),
        (e: unknown) => {
          // a failed load is tried again by the next render (the error boundary's retry, a new visit)
          pending = undefined;
          throw e;
        },
      );
    }
    return pending;
  };
  const Page = lazy(() => {
    const m = loaded;
    return m ? ({ then: (ok: (v: PageModule) => void) => ok(m) } as unknown as Promise<PageModule>) : load();
  });
  return Object.assign(Page, { preload: () => load().then(() => undefined) });
}
