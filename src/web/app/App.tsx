import { startTransition, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { TimeZoneContext } from '../lib/timeZone';
import { Providers } from './Providers';
import { AppRoutes } from './router';

/**
 * The app in the browser. `renderedTimeZone`: the zone the server rendered the page's times in (the `tz`
 * cookie, Beijing time on a first visit): the hydrating render uses it so it draws what the server sent, then
 * the app moves to the device's own zone (decision 0034). The server's tree is entry-server.tsx's ServerApp.
 */
export function App({ renderedTimeZone }: { renderedTimeZone?: string }) {
  const [zone, setZone] = useState(renderedTimeZone);
  useEffect(() => {
    if (zone === undefined) return;
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (device !== zone) startTransition(() => setZone(undefined));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);
  return (
    <TimeZoneContext.Provider value={zone}>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </TimeZoneContext.Provider>
  );
}
