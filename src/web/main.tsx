import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import i18n, { initI18n } from './i18n';
import { App } from './app/App';
import { seedFirstData } from './app/firstPaint';
import { preloadPage } from './app/router';
import './app/global.css';

async function start() {
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
    if (painted === i18n.language) await preloadPage(window.location.pathname);
  }
  // as a transition: React renders the first screen in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task that blocks input (Total Blocking Time); whatever is on screen (the
  // first paint, the loading mark) stays until the new tree is complete
  const root = createRoot(el);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
