import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n, { initI18n } from './i18n';
import { App } from './app/App';
import { seedFirstData } from './app/firstPaint';
import { markPageHydrated } from './app/hydration';
import { preloadPage } from './app/router';
import { syncTimeZoneCookie } from './lib/timeZone';
import './app/global.css';

/** Marks #root once the app is live (`data-live`): hydrated or rendered, from then on the page is the app. */
function Live({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.dataset.live = '';
  }, [root]);
  return children;
}

async function start() {
  // the server renders the next page's times in the device's zone (decision 0026)
  syncTimeZoneCookie();
  await initI18n();
  const el = document.getElementById('root');
  if (!el) throw new Error('#root is missing from index.html');
  const tree = (zone?: string) => (
    <StrictMode>
      <Live root={el}>
        <App renderedTimeZone={zone} />
      </Live>
    </StrictMode>
  );
  // The server rendered this page (decision 0034): with the data it used in the cache, the page's code and texts
  // loaded, React hydrates the server's markup — it attaches to it instead of drawing it again, so what a visitor
  // typed or chose meanwhile stays. A page the server rendered in another language than the one chosen here (a
  // choice made before the language cookie existed) is drawn anew instead.
  const rendered = el.dataset.firstPaint;
  if (rendered) {
    const zone = seedFirstData();
    if (rendered === i18n.language) {
      await preloadPage(window.location.pathname);
      // as a transition too: the hydration is done in slices, yielding to the browser between them (TBT)
      startTransition(() => {
        hydrateRoot(el, tree(zone));
      });
      return;
    }
  }
  // as a transition: React renders the first screen in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task that blocks input (Total Blocking Time)
  markPageHydrated(); // nothing to hydrate: the app asks for everything at once
  const root = createRoot(el);
  startTransition(() => root.render(tree()));
}

void start();
