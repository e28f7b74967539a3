import { useEffect, useRef } from 'react';

/**
 * Whether the visitor changed the element: its value is no longer the one the server's markup gave it (an
 * address's value the options do not hold shows the first option, which is no change of theirs).
 */
function changedByHand(el: HTMLInputElement | HTMLSelectElement): boolean {
  if (el instanceof HTMLInputElement) return el.value !== el.defaultValue;
  const picked = el.selectedOptions[0];
  return picked !== undefined && !picked.defaultSelected && [...el.options].some((o) => o.defaultSelected);
}

/**
 * For a control of a page the server rendered (decision 0034): what the visitor typed or picked in it before the
 * app's code arrived stays in the element (hydration keeps the server's elements), but the app's state does not
 * know it. Once hydrated, a value the element holds that differs from the state's is handed to `onChange`, as if
 * typed now — so it is kept and acted on (the hall's search runs for it). Returns the ref for the element.
 */
export function useEarlyInput<E extends HTMLInputElement | HTMLSelectElement>(value: string, onChange: (value: string) => void) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && el.value !== value && changedByHand(el)) onChange(el.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, right after hydration
  }, []);
  return ref;
}
