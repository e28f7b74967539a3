import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { session } from '../../lib/storage';

const STORAGE_KEY = 'scroll-positions';
/** how long a restore keeps trying while the page below grows (its code or data still arriving) */
const RESTORE_MS = 1000;

/** Scroll positions by history entry (location.key), kept for the tab's session like the browser's own. */
function load(): Map<string, number> {
  const stored = session.get<Record<string, unknown>>(STORAGE_KEY) ?? {};
  return new Map(Object.entries(stored).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

/** this tab's positions, read from sessionStorage once, and the entry being shown */
let saved: Map<string, number> | null = null;
const positions = () => (saved ??= load());
let currentKey = '';

/** whether this document was loaded by a reload or by back / forward (not by opening an address) */
function documentRevisited(): boolean {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav?.type === 'reload' || nav?.type === 'back_forward';
}

/** Scrolls to `y`, trying again each frame while the page is still too short, until the reader scrolls. */
function restore(y: number) {
  window.scrollTo(0, y);
  const until = performance.now() + RESTORE_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  const retry = () => {
    if (Math.abs(window.scrollY - y) < 2 || performance.now() > until) return stop();
    window.scrollTo(0, y);
    frame = requestAnimationFrame(retry);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(retry);
  return stop;
}

/**
 * What react-router's <ScrollRestoration> did with the data router (decision 0021): a new entry (push or
 * replace) starts at the top, or at its #hash; back, forward and a reload return to where that entry was
 * left. Positions are recorded while scrolling (for the entry shown at that moment) and kept in
 * sessionStorage when the page is left.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          positions().set(currentKey, window.scrollY);
        });
      }
    };
    const persist = () => session.set(STORAGE_KEY, Object.fromEntries(positions()));
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      cancelAnimationFrame(frame);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    // the entry a page was loaded into has no key of its own ('default'), whatever its address: key it by the
    // address, and return to its position only when the browser came back to it (a reload, back or forward
    // into this document), never when a new address was opened in the tab
    const initial = location.key === 'default';
    currentKey = initial ? `default:${location.pathname}${location.search}` : location.key;
    const revisit = !initial || documentRevisited();
    const y = type === 'POP' && revisit ? positions().get(currentKey) : undefined;
    if (y !== undefined) return restore(y);
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (type !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.search, location.hash, type]);
}
