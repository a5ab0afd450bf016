import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';

/** Debounce of a page's search box before the URL (and what it filters) follows it. */
export const PAGE_SEARCH_DEBOUNCE_MS = 300;

/** Pages whose ?search= a search box edits. */
export type SearchablePage = '/contacts' | '/wallets' | '/documents';

/**
 * A page's search text kept in the URL (?search=…): the box shows the URL's text (also when the global search or
 * the back button changes it), typing updates the URL after a pause, and clearing updates it at once.
 */
export function usePageSearch(page: SearchablePage) {
  const navigate = useNavigate();
  const applied = useSearch({ strict: false, select: (value) => value.search }) ?? '';
  const [text, setText] = useState(applied);
  const [shownApplied, setShownApplied] = useState(applied);
  // The URL's search changed from outside (global search, back button): show it in the box.
  if (shownApplied !== applied) {
    setShownApplied(applied);
    if (text.trim() !== applied.trim()) setText(applied);
  }

  const apply = useCallback(
    (value: string) => {
      const search = value.trim();
      // The page's other parameters (its filters) stay.
      void navigate({ to: page, search: (old) => ({ ...old, search: search || undefined }), replace: true });
    },
    [navigate, page],
  );

  useEffect(() => {
    if (text.trim() === applied.trim()) return undefined;
    const timer = window.setTimeout(() => apply(text), PAGE_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, applied, apply]);

  const clear = useCallback(() => {
    setText('');
    apply('');
  }, [apply]);

  return { text, setText, clear, applied: applied.trim() };
}
