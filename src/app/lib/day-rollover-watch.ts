/**
 * When the day-rollover rule of docs/transactions.md runs (see day-rollover.ts): once when the app starts, before any screen
 * reads saved filters, and again on the first use after midnight while the app stays open (the page shown again,
 * the window focused, a tap, a click or a key press). The clock and the event targets are passed in.
 */
import { toDay } from './date-range-rules';
import { rollOverSavedEndDates, type KeyValueStorage } from './day-rollover';

export interface DayChange {
  /** The day the rule ran for before (null at the first run). */
  previous: string | null;
  /** The local day now (yyyy-MM-dd). */
  today: string;
  /** Saved filters whose end date moved to today. */
  moved: string[];
}

export interface DayRolloverOptions {
  storage: KeyValueStorage;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Told when the rule ran for a new day after the first run. */
  onNewDay?: (change: DayChange) => void;
}

export interface DayRollover {
  /** Runs the rule if the local day is not the one it last ran for; returns what changed, or null. */
  check: () => DayChange | null;
  /** The day the rule last ran for (running it first if it never has). */
  today: () => string;
}

export function createDayRollover({ storage, now, onNewDay }: DayRolloverOptions): DayRollover {
  let day: string | null = null;
  const check = (): DayChange | null => {
    const today = toDay(now());
    if (today === day) return null;
    const change: DayChange = { previous: day, today, moved: rollOverSavedEndDates(storage, today) };
    day = today;
    if (change.previous !== null) onNewDay?.(change);
    return change;
  };
  return {
    check,
    today: () => {
      if (day === null) check();
      return day ?? toDay(now());
    },
  };
}

/** The parts of `window` and `document` the watch listens on. */
export interface UseSignals {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState: string };
}

/** Signs of use after which the day is checked again. */
export const USE_EVENTS = ['focus', 'pageshow', 'pointerdown', 'keydown'] as const;

/** Runs `check` on every sign of use; returns the function that stops listening. */
export function watchForNewDay(check: () => void, targets: UseSignals): () => void {
  const onVisibility = () => {
    if (targets.document.visibilityState === 'visible') check();
  };
  const onUse = () => check();
  const options = { capture: true, passive: true } as const;
  targets.document.addEventListener('visibilitychange', onVisibility);
  for (const type of USE_EVENTS) targets.window.addEventListener(type, onUse, options);
  return () => {
    targets.document.removeEventListener('visibilitychange', onVisibility);
    for (const type of USE_EVENTS) targets.window.removeEventListener(type, onUse, options);
  };
}
