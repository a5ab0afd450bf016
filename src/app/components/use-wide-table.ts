import { useSyncExternalStore } from 'react';

/** The wide table (Labels, Explorer and expand columns) starts at 769 px (docs/transactions.md). */
export const WIDE_TABLE_QUERY = '(min-width: 769px)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(WIDE_TABLE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the table shows its wide-screen columns (CSS hides them below; the details row spans what is shown). */
export function useWideTable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_TABLE_QUERY).matches,
    () => true,
  );
}
