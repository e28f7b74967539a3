import { useEffect, useState } from 'react';

/** Seconds left until `until` (epoch ms), ticking every second; 0 when passed or unset. */
export function useCountdown(until: number | null): number {
  const left = () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const tick = () => setSeconds(until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0);
    tick();
    if (!until) return;
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [until]);
  return seconds;
}
