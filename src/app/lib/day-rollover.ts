/**
 * docs/transactions.md "Date filters": on the first open of a new day, a saved end date equal to the previous activity day is
 * moved to today, and `last_activity` is stored. Applies to every saved filter with an `end_date`.
 */
import { STORAGE_KEYS } from './storage-keys';

export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** Saved filters the rule applies to. */
export const DATED_FILTER_KEYS: readonly string[] = [STORAGE_KEYS.transactionsFilters, STORAGE_KEYS.documentsFilters];

function moveEndDate(raw: string, from: string, to: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (record.end_date !== from) return null;
  return JSON.stringify({ ...record, end_date: to });
}

/**
 * Applies the day-rollover rule for `today` (yyyy-MM-dd). Returns the keys whose end date moved.
 * Calling it again the same day changes nothing.
 */
export function rollOverSavedEndDates(
  storage: KeyValueStorage,
  today: string,
  keys: readonly string[] = DATED_FILTER_KEYS,
): string[] {
  const previous = storage.get(STORAGE_KEYS.lastActivity);
  const moved: string[] = [];
  if (previous !== null && previous !== today) {
    for (const key of keys) {
      const raw = storage.get(key);
      if (raw === null) continue;
      const next = moveEndDate(raw, previous, today);
      if (next !== null) {
        storage.set(key, next);
        moved.push(key);
      }
    }
  }
  if (previous !== today) storage.set(STORAGE_KEYS.lastActivity, today);
  return moved;
}
