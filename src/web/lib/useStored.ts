import { useCallback, useSyncExternalStore } from 'react';

type Kind = 'local' | 'session';
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

function storage(kind: Kind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: Kind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * A value kept in the browser's storage (a visitor's choice: the showcase's grid or list, a dismissed
 * announcement), as state. The server knows none of it, so the page is rendered and hydrated without it (null)
 * and shows it right after (useSyncExternalStore's server snapshot), instead of drawing something else than the
 * server's markup (decision 0034). Unavailable storage (private mode) reads as null and keeps nothing.
 */
export function useStored(kind: Kind, key: string): [string | null, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => read(kind, key),
    () => null,
  );
  const set = useCallback(
    (v: string) => {
      try {
        storage(kind)?.setItem(key, v);
      } catch {
        /* not kept */
      }
      for (const fn of listeners) fn();
    },
    [kind, key],
  );
  return [value, set];
}
