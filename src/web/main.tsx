import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import i18n, { initI18n } from './i18n';
import { App } from './app/App';
import { seedFirstData, serverNotFoundAt } from './app/firstPaint';
import { preloadPage } from './app/router';
import { syncTimeZoneCookie } from './lib/timeZone';
import './app/global.css';

/** Marks #root once the app has replaced the server's picture (`data-live`): from then on the page is the app. */
function Live({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.dataset.live = '';
  }, [root]);
  return children;
}

async function start() {
  // the server paints the next page's times in the device's zone (decision 0026)
  syncTimeZoneCookie();
  await initI18n();
  const el = document.getElementById('root');
  if (!el) throw new Error('#root is missing from index.html');
  // The server painted this page already (decision 0024): render once the page's code and texts are here,
  // with the data the server used, so React's first render draws the same picture over it (no loading
  // spinner in between, nothing moves). A first paint in another language (a choice made before the
  // language cookie existed) is replaced at once.
  const painted = el.dataset.firstPaint;
  if (painted) {
    seedFirstData();
    // (an address answered 404 shows the not-found page, part of the shell: no page to load)
    if (painted === i18n.language && !serverNotFoundAt(window.location.pathname, undefined)) await preloadPage(window.location.pathname);
  }
  // as a transition: React renders the first screen in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task that blocks input (Total Blocking Time); whatever is on screen (the
  // first paint, the loading mark) stays until the new tree is complete
  const root = createRoot(el);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Live root={el}>
          <App />
        </Live>
      </StrictMode>,
    );
  });
}

void start();
