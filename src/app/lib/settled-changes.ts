/**
 * Changes that must reach the server once (issue 4 "Offline": "sent once on reconnect"). The cache, waiting
 * changes included, is written to IndexedDB at most once a second, so a page reloaded right after a change was
 * answered can restore it as still waiting and send it again (with label sets, an older set over a newer one).
 * Such a change carries a `changeId` made when the user made it; when it settles the id is noted at once in
 * localStorage (written synchronously), and restored changes whose id is noted are dropped instead of being resent.
 */
import type { MutationCache } from '@tanstack/react-query';
import { safeStorage, STORAGE_KEYS } from './storage-keys';

const SETTLED_CHANGES_KEY = STORAGE_KEYS.settledChanges;
/** A persisted cache older than this is not restored (PERSIST_MAX_AGE_MS), so older notes are not needed. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const MAX_NOTES = 500;

export interface TrackedChange {
  /** Made when the change is made; the same across reloads. */
  changeId: string;
}

interface NoteStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

type Notes = [id: string, settledAt: number][];

function readNotes(storage: NoteStorage): Notes {
  try {
    const value: unknown = JSON.parse(storage.get(SETTLED_CHANGES_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is [string, number] =>
        Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'number',
    );
  } catch {
    return [];
  }
}

/** Notes that `changeId` has been answered (or refused) by the server. */
export function noteSettledChange(changeId: string, now = Date.now(), storage: NoteStorage = safeStorage): void {
  const notes = readNotes(storage).filter(([id, at]) => id !== changeId && now - at < KEEP_MS);
  notes.push([changeId, now]);
  storage.set(SETTLED_CHANGES_KEY, JSON.stringify(notes.slice(-MAX_NOTES)));
}

function changeIdOf(variables: unknown): string | undefined {
  if (typeof variables !== 'object' || variables === null) return undefined;
  const id = (variables as Partial<TrackedChange>).changeId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Removes restored changes that already settled before the reload; call after restoring the cache and before
 * resuming what waits. Returns how many were dropped.
 */
export function dropSettledChanges(cache: MutationCache, storage: NoteStorage = safeStorage): number {
  const settled = new Set(readNotes(storage).map(([id]) => id));
  let dropped = 0;
  for (const mutation of cache.getAll()) {
    const id = changeIdOf(mutation.state.variables);
    if (mutation.state.status === 'pending' && id !== undefined && settled.has(id)) {
      cache.remove(mutation);
      dropped += 1;
    }
  }
  return dropped;
}
