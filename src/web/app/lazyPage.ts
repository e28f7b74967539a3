import { lazy, type ComponentType } from 'react';
import { loadNamespaces } from '../i18n';
import { withAntd } from './withAntd';

/**
 * A route-level code-split page. Its i18n namespaces and the antd scope (theme and locale, withAntd.ts)
 * load in parallel with its code, so the page renders once, fully translated and themed.
 * `{ antd: false }`: the page renders no antd component (nor does anything it imports), so it does
 * not wait for antd's runtime (scripts/size.mjs counts what each public page loads).
 */
export function lazyPage(factory: () => Promise<{ default: ComponentType }>, namespaces: string[] = [], opts: { antd?: boolean } = {}) {
  return lazy(() => {
    const page: Promise<{ default: ComponentType }> = Promise.all([factory(), namespaces.length ? loadNamespaces(namespaces) : Promise.resolve()]).then(([m]) => m);
    return opts.antd === false ? page : withAntd(page);
  });
}
