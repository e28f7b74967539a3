import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List filters kept in the URL query (shareable; back and forward work): `read` turns the query into
 * filters, `update` writes a patch (a value equal to its default is left out; any change but the page
 * goes back to page 1). `useDebouncedSearch` feeds a search box into it after a pause.
 */
export function useUrlFilters<F extends { page: number }>(read: (p: URLSearchParams) => F, defaults: Partial<F>) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => read(params), [params, read]);
  const update = useCallback(
    (patch: Partial<F>, opts?: { replace?: boolean }) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            const isDefault = v === '' || v === undefined || (k === 'page' && v === 1) || defaults[k as keyof F] === v;
            if (isDefault) next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: opts?.replace },
      );
    },
    [setParams, defaults],
  );
  const reset = useCallback(() => setParams({}), [setParams]);
  return { filters, update, reset };
}

/** A search box's text, pushed to `push` after `delayMs` without typing; follows `current` (the URL) back. */
export function useDebouncedSearch(current: string, push: (value: string) => void, delayMs = 500) {
  const [text, setText] = useState(current);
  const lastPushed = useRef(current);
  useEffect(() => {
    if (current !== lastPushed.current) {
      lastPushed.current = current;
      setText(current);
    }
  }, [current]);
  useEffect(() => {
    const value = text.trim();
    if (value === lastPushed.current) return;
    const id = window.setTimeout(() => {
      lastPushed.current = value;
      push(value);
    }, delayMs);
    return () => window.clearTimeout(id);
  }, [text, push, delayMs]);
  const submit = useCallback(() => {
    const value = text.trim();
    lastPushed.current = value;
    push(value);
  }, [text, push]);
  const clear = useCallback(() => {
    lastPushed.current = '';
    setText('');
  }, []);
  return { text, setText, submit, clear };
}
