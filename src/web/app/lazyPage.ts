import { lazy, type ComponentType } from 'react';
import { loadNamespaces } from '../i18n';

/**
 * A route-level code-split page. Its i18n namespaces load in parallel with its code, so the
 * page renders once, fully translated.
 */
export function lazyPage(factory: () => Promise<{ default: ComponentType }>, namespaces: string[] = []) {
  return lazy(() =>
    Promise.all([factory(), namespaces.length ? loadNamespaces(namespaces) : Promise.resolve()]).then(([m]) => m),
  );
}
