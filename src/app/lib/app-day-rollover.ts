/**
 * The app's day rollover (docs/transactions.md "Date filters"): started in main.tsx before the first render; screens that hold
 * saved filters or today's date follow the 'day-rollover' window event.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { safeStorage } from './storage-keys';
import { createDayRollover, watchForNewDay, type DayChange } from './day-rollover-watch';

/** Window event sent (with the DayChange as detail) after the rule ran for a new day while the app was open. */
export const DAY_ROLLOVER_EVENT = 'day-rollover';

export const appDayRollover = createDayRollover({
  storage: safeStorage,
  now: () => Date.now(),
  // Told after the current task: the check may run while a screen renders.
  onNewDay: (change) =>
    queueMicrotask(() => window.dispatchEvent(new CustomEvent<DayChange>(DAY_ROLLOVER_EVENT, { detail: change }))),
});

/** Applies the rule now and on the first use after each midnight. */
export function startDayRollover(): () => void {
  appDayRollover.check();
  return watchForNewDay(appDayRollover.check, { window, document });
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(DAY_ROLLOVER_EVENT, listener);
  return () => window.removeEventListener(DAY_ROLLOVER_EVENT, listener);
}

/** Today (yyyy-MM-dd, local), following the rollover while the app stays open. */
export function useToday(): string {
  return useSyncExternalStore(subscribe, appDayRollover.today, appDayRollover.today);
}

/** Calls `listener` after each rollover while the component is shown. */
export function useDayRollover(listener: (change: DayChange) => void): void {
  useEffect(() => {
    const onEvent = (event: Event) => listener((event as CustomEvent<DayChange>).detail);
    window.addEventListener(DAY_ROLLOVER_EVENT, onEvent);
    return () => window.removeEventListener(DAY_ROLLOVER_EVENT, onEvent);
  }, [listener]);
}
