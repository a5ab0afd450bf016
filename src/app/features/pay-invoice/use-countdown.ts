import { useEffect, useState } from 'react';
import { secondsUntilRefresh } from './quote-countdown';

/** Seconds until the quote fetched at `fetchedAt` (ms) is fetched again, ticking every second; null without one. */
export function useQuoteCountdown(fetchedAt: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return fetchedAt === null || fetchedAt === 0 ? null : secondsUntilRefresh(fetchedAt, Math.max(now, fetchedAt));
}
