import { createElement, lazy, type ComponentType } from 'react';

/** The antd scope chunk (ConfigProvider with the app's theme and locale); started once, shared by every caller. */
let scope: Promise<typeof import('./AntdScope')> | null = null;
export const loadAntdScope = () => (scope ??= import('./AntdScope'));

/**
 * Wraps a lazily loaded component in the antd scope, loading both in parallel: for `lazy()` factories of
 * everything that renders antd components (route pages, dialogs, the toast host). Decision 0017.
 */
export function withAntd<P extends object>(load: Promise<{ default: ComponentType<P> }>): Promise<{ default: ComponentType<P> }> {
  return Promise.all([load, loadAntdScope()]).then(([m, { AntdScope }]) => {
    const Inner = m.default;
    const Wrapped = (props: P) => createElement(AntdScope, null, createElement(Inner, props));
    Wrapped.displayName = `withAntd(${Inner.displayName ?? Inner.name ?? 'Component'})`;
    return { default: Wrapped };
  });
}

/**
 * A named export loaded on first render, inside the antd scope: for an antd part (form, dialog) of a page
 * that itself renders without antd. `lazyWithAntd(() => import('./ApplyPanel').then((m) => m.ApplyPanel))`.
 */
export function lazyWithAntd<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => withAntd<P>(load().then((component): { default: ComponentType<P> } => ({ default: component }))));
}
