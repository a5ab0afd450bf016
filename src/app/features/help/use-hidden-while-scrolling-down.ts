import { useEffect, useState } from 'react';

/** Pixels from the end of the page within which the page counts as scrolled to its end. */
const END_SLACK = 4;

/**
 * True while the reader scrolls the page down (and is neither at its top nor at its end); false again on the first
 * scroll up. The floating help button steps aside this way on phones so that it never sits over the rows being read
 * (docs/app-shell.md "Help button"); at the end of a page its bottom padding keeps the last row clear of it.
 */
export function useHiddenWhileScrollingDown(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    // Not read from the page here: reading scrollY while the first render's layout is pending forces that layout
    // early, a long task on a slow phone. A page opens at its top; the first scroll event corrects it otherwise.
    let last = 0;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - END_SLACK;
      if (y <= 0 || atEnd || y < last) setHidden(false);
      else if (y > last) setHidden(true);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}
