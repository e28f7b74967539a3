import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the page the server rendered has been hydrated (decision 0034). React hydrates the app's frame first
 * and the page inside it (a Suspense boundary) a moment later, at a lower priority; an answer that arrived in
 * between — the session, asked for by the header once the frame is live — would make the page's late hydration
 * draw something else than the server's markup (a signed-in influencer's 为你推荐 in the hall). So the session is
 * asked for once the page itself is hydrated (`HydrationMark`, inside the boundary), or at once when the app
 * hydrates nothing (main.tsx).
 */
let pageHydrated = false;
const listeners = new Set<() => void>();

export function markPageHydrated() {
  if (pageHydrated) return;
  pageHydrated = true;
  for (const fn of listeners) fn();
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/** false on the server and while the browser hydrates the page; true from then on. */
export const usePageHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => pageHydrated,
    () => false,
  );

/** Rendered first inside the page's boundary: its effect runs once the page is hydrated (it renders nothing). */
export function HydrationMark() {
  useEffect(() => markPageHydrated(), []);
  return null;
}
