import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadNamespaces } from '../i18n';
import type { Prefetch } from './prefetch';
import { withAntd } from './withAntd';

/** A page's module: the page, and for a page the server renders with its data, what its first render reads. */
export type PageModule = { default: ComponentType; prefetch?: Prefetch };
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Loads the page (code, texts, antd scope) ahead of its first render; the render then does not suspend. */
  preload: () => Promise<void>;
  /** the loaded module (after preload), for its `prefetch` */
  loaded: () => PageModule | undefined;
};

/** On the server (src/web/entry-server.tsx) the texts of every namespace are loaded up front, per language. */
const onServer = typeof window === 'undefined';

/**
 * A route-level code-split page. Its i18n namespaces and the antd scope (theme and locale, withAntd.ts)
 * load in parallel with its code, so the page renders once, fully translated and themed.
 * `{ antd: false }`: the page renders no antd component (nor does anything it imports), so it does
 * not wait for antd's runtime (scripts/size.mjs counts what each public page loads).
 *
 * On the server too the page renders inside the antd scope, as the browser will hydrate it (decision 0046).
 *
 * `preload()` (main.tsx and the server's render, for a page the server renders): once it has resolved, React's
 * lazy gets the page synchronously (a thenable that is already fulfilled), so the render shows the page
 * instead of the loading fallback — on the server, and in the browser's hydration of what it sent (decision 0034).
 */
export function lazyPage(factory: () => Promise<PageModule>, namespaces: string[] = [], opts: { antd?: boolean } = {}): LazyPage {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const load = () => {
    if (!pending) {
      const texts = namespaces.length && !onServer ? loadNamespaces(namespaces) : Promise.resolve();
      const page: Promise<PageModule> = Promise.all([factory(), texts]).then(([m]) => m);
      // in the antd scope, the module's other exports kept (its `prefetch`, which the server's render reads)
      const themed = opts.antd === false ? page : Promise.all([page, withAntd(page)]).then(([m, scoped]): PageModule => ({ ...m, default: scoped.default }));
      pending = themed.then(
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
  return Object.assign(Page, { preload: () => load().then(() => undefined), loaded: () => loaded });
}
