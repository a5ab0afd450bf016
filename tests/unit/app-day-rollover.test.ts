/**
 * docs/invoices.md "Date filters" in the running app: the rule runs at start and on the first use after midnight, with an
 * injected clock (local times built with the Date constructor, so the result does not depend on the time zone or
 * on when the test runs).
 */
import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../src/app/lib/day-rollover';
import {
  createDayRollover,
  USE_EVENTS,
  watchForNewDay,
  type DayChange,
  type UseSignals,
} from '../../src/app/lib/day-rollover-watch';

function memoryStorage(initial: Record<string, string>): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value) };
}

/** A clock the test moves by hand. */
function manualClock(start: Date) {
  let time = start.getTime();
  return {
    now: () => time,
    set: (date: Date) => {
      time = date.getTime();
    },
  };
}

const savedFilters = (end: string) => JSON.stringify({ start_date: '2024-06-01', end_date: end, tokens: ['USDC'] });
const endDate = (storage: KeyValueStorage) =>
  (JSON.parse(storage.get('transactions_filters') ?? '{}') as { end_date?: string }).end_date;

class FakeDocument extends EventTarget {
  visibilityState = 'visible';
}

function signals(): UseSignals & { window: EventTarget; document: FakeDocument } {
  return { window: new EventTarget(), document: new FakeDocument() };
}

describe('day rollover at start', () => {
  it('moves a saved end date equal to the last activity day before the filters are read', () => {
    const storage = memoryStorage({ last_activity: '2024-06-14', transactions_filters: savedFilters('2024-06-14') });
    const clock = manualClock(new Date(2024, 5, 15, 8, 30));
    const told: DayChange[] = [];
    const rollover = createDayRollover({ storage, now: clock.now, onNewDay: (change) => told.push(change) });

    expect(rollover.check()).toEqual({ previous: null, today: '2024-06-15', moved: ['transactions_filters'] });
    expect(endDate(storage)).toBe('2024-06-15');
    expect(storage.get('last_activity')).toBe('2024-06-15');
    // Nothing is open yet to be told about the start.
    expect(told).toEqual([]);
    expect(rollover.today()).toBe('2024-06-15');

    // Later the same day: nothing runs again.
    clock.set(new Date(2024, 5, 15, 23, 59, 59));
    expect(rollover.check()).toBeNull();
    expect(rollover.today()).toBe('2024-06-15');
  });

  it('leaves other end dates alone and only records the day', () => {
    const storage = memoryStorage({ last_activity: '2024-06-14', transactions_filters: savedFilters('2024-06-10') });
    const rollover = createDayRollover({ storage, now: manualClock(new Date(2024, 5, 15, 9)).now });
    expect(rollover.check()?.moved).toEqual([]);
    expect(endDate(storage)).toBe('2024-06-10');
    expect(storage.get('last_activity')).toBe('2024-06-15');
  });

  it('runs on first use of today() when the start check was skipped', () => {
    const storage = memoryStorage({ last_activity: '2024-06-14', transactions_filters: savedFilters('2024-06-14') });
    const rollover = createDayRollover({ storage, now: manualClock(new Date(2024, 5, 15, 0, 0, 1)).now });
    expect(rollover.today()).toBe('2024-06-15');
    expect(endDate(storage)).toBe('2024-06-15');
  });
});

describe('day rollover while the app stays open', () => {
  it('runs on the first use after midnight and tells the screens', () => {
    const storage = memoryStorage({});
    const clock = manualClock(new Date(2024, 11, 31, 22, 0));
    const told: DayChange[] = [];
    const rollover = createDayRollover({ storage, now: clock.now, onNewDay: (change) => told.push(change) });
    const targets = signals();
    rollover.check();
    const stop = watchForNewDay(rollover.check, targets);

    // The user picks a range ending today.
    storage.set('transactions_filters', savedFilters('2024-12-31'));
    targets.window.dispatchEvent(new Event('pointerdown'));
    expect(told).toEqual([]);

    // Past midnight: the tab was hidden, nothing happens until it is shown again.
    clock.set(new Date(2025, 0, 1, 0, 20));
    targets.document.visibilityState = 'hidden';
    targets.document.dispatchEvent(new Event('visibilitychange'));
    expect(told).toEqual([]);
    expect(endDate(storage)).toBe('2024-12-31');

    targets.document.visibilityState = 'visible';
    targets.document.dispatchEvent(new Event('visibilitychange'));
    expect(told).toEqual([{ previous: '2024-12-31', today: '2025-01-01', moved: ['transactions_filters'] }]);
    expect(endDate(storage)).toBe('2025-01-01');
    expect(storage.get('last_activity')).toBe('2025-01-01');

    // Further use that day changes nothing.
    for (const type of USE_EVENTS) targets.window.dispatchEvent(new Event(type));
    expect(told).toHaveLength(1);

    // The next midnight, a key press is the first use.
    clock.set(new Date(2025, 0, 2, 7, 0));
    targets.window.dispatchEvent(new Event('keydown'));
    expect(told.map((change) => change.today)).toEqual(['2025-01-01', '2025-01-02']);
    expect(endDate(storage)).toBe('2025-01-02');

    stop();
    clock.set(new Date(2025, 0, 3, 7, 0));
    targets.window.dispatchEvent(new Event('focus'));
    expect(told).toHaveLength(2);
  });

  it('checks on each kind of use', () => {
    for (const type of USE_EVENTS) {
      const clock = manualClock(new Date(2024, 2, 9, 23, 30));
      const storage = memoryStorage({ transactions_filters: savedFilters('2024-03-09') });
      const told: string[] = [];
      const rollover = createDayRollover({ storage, now: clock.now, onNewDay: (change) => told.push(change.today) });
      rollover.check();
      const targets = signals();
      const stop = watchForNewDay(rollover.check, targets);
      clock.set(new Date(2024, 2, 10, 0, 5));
      targets.window.dispatchEvent(new Event(type));
      expect(told, type).toEqual(['2024-03-10']);
      expect(endDate(storage), type).toBe('2024-03-10');
      stop();
    }
  });
});
