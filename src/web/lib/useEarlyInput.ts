import { useLayoutEffect, useRef } from 'react';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Whether the visitor changed the element: its value is no longer the one the server's markup gave it (an
 * address's value the options do not hold shows the first option, which is no change of theirs).
 */
function changedByHand(el: Field): boolean {
  if (!(el instanceof HTMLSelectElement)) return el.value !== el.defaultValue;
  const picked = el.selectedOptions[0];
  return picked !== undefined && !picked.defaultSelected && [...el.options].some((o) => o.defaultSelected);
}

/** Hands what the visitor put into `el` before the app's code arrived to the app's state (see useEarlyInput). */
function handOver(el: Element | null, value: string, onChange: (value: string) => void) {
  const field = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement ? el : null;
  if (field && field.value !== value && changedByHand(field)) onChange(field.value);
}

/**
 * For a control of a page the server rendered (decision 0034): what the visitor typed or picked in it before the
 * app's code arrived stays in the element (hydration keeps the server's elements), but the app's state does not
 * know it. Once hydrated, a value the element holds that differs from the state's is handed to `onChange`, as if
 * typed now — so it is kept and acted on (the hall's search runs for it). Returns the ref for the element.
 *
 * A layout effect, not a passive one: a click on a part of the page that hydrates late (a lazy page's boundary) is
 * replayed by React right after that part's commit, before passive effects may have run — the handler must already
 * see the typed value (the sign-up form sent its code to an empty address once, on a busy CI machine). React 19 runs
 * no layout effect on the server and no longer warns about one.
 */
export function useEarlyInput<E extends Field>(value: string, onChange: (value: string) => void) {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    handOver(ref.current, value, onChange);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, right after hydration
  }, []);
  return ref;
}

/**
 * The same for a field the app reaches by its `id` (antd's Input, Input.Password and Input.TextArea put the id on
 * their own input element, behind a ref that is antd's handle): the sign-in, sign-up and contact forms (decision 0046).
 */
export function useEarlyField(id: string, value: string, onChange: (value: string) => void) {
  useLayoutEffect(() => {
    handOver(document.getElementById(id), value, onChange);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, right after hydration
  }, []);
}
