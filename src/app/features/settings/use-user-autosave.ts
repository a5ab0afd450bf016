import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '../../../shared/api-types';
import { ApiError } from '../../lib/api-client';
import { useUpdateUser } from '../../lib/use-update-user';
import type { UserPatch } from '../../lib/user-queries';
import type { SaveState } from './save-status';

/** Profile fields save 1 s after the last keystroke (docs/settings.md). */
export const PROFILE_SAVE_DELAY_MS = 1000;

/**
 * Saves a profile field a moment after it stops changing, through the app's registered PATCH /api/user mutation
 * (so a change made offline waits and is sent once when the connection is back). `toPatch` returns null when
 * there is nothing valid to save.
 */
export function useUserAutosave<T>(
  value: T,
  toPatch: (value: T) => UserPatch | null,
  delayMs: number = PROFILE_SAVE_DELAY_MS,
): { state: SaveState; fieldErrors: FieldErrors | null } {
  const { mutate, isPending, isPaused, isSuccess } = useUpdateUser();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors | null>(null);
  const toPatchRef = useRef(toPatch);

  useEffect(() => {
    toPatchRef.current = toPatch;
  });

  useEffect(() => {
    const timer = setTimeout(() => {
      const patch = toPatchRef.current(value);
      if (!patch) return;
      mutate(patch, {
        onSuccess: () => setFieldErrors(null),
        onError: (error) => setFieldErrors(error instanceof ApiError ? error.fieldErrors : null),
      });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, mutate]);

  const state: SaveState = isPaused ? 'paused' : isPending ? 'saving' : isSuccess ? 'saved' : 'idle';
  return { state, fieldErrors };
}
