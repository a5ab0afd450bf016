/**
 * When data was last fetched from the server: the newest `dataUpdatedAt` among cached queries. Restored caches
 * keep their timestamps, so an app opened offline still knows how old what it shows is.
 */
import { useQueryClient, type QueryCache } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/** Queries that are not the user's saved data: public settings, search answers, address checks. */
const NOT_DATA: ReadonlySet<unknown> = new Set(['config', 'search', 'validate-address']);

/** The newest successful fetch time (ms since epoch) among the cache's data queries; null when none. */
export function lastFetchTime(cache: QueryCache): number | null {
  let newest = 0;
  for (const query of cache.getAll()) {
    if (NOT_DATA.has(query.queryKey[0])) continue;
    if (query.state.dataUpdatedAt > newest) newest = query.state.dataUpdatedAt;
  }
  return newest > 0 ? newest : null;
}

/**
 * 24-hour local time, '09:05'. The platform's formatter: the strip is in the frame of every page, public ones too.
 * Made on first use: a page's first date formatter loads the platform's locale data, a task of its own on a phone.
 */
let clockTime: Intl.DateTimeFormat | undefined;

/** The offline strip's text: 'Offline, as of 14:05' (local time of the last fetch), or just 'Offline'. */
export function offlineAsOfText(time: number | null): string {
  if (time === null) return 'Offline';
  clockTime ??= new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `Offline, as of ${clockTime.format(time)}`;
}

/** Re-renders when the cache changes; returns the time of the last successful data fetch. */
export function useLastFetchTime(): number | null {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  const snapshot = useCallback(() => lastFetchTime(cache), [cache]);
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
