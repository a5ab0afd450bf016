import { useEffect, useRef } from 'react';

export interface InfiniteScrollOptions {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** How many rows are shown: a new page re-arms the watch. */
  rowCount: number;
  onLoadMore: () => void;
  /** How far ahead of the viewport the end counts as reached (IntersectionObserver rootMargin). */
  rootMargin?: string;
}

/**
 * Loads the next page when the end of a list scrolls into view: put the returned ref on an element after the last
 * row. Nothing is watched while there is no next page or one is loading.
 */
export function useInfiniteScroll<T extends Element>({
  hasNextPage,
  isFetchingNextPage,
  rowCount,
  onLoadMore,
  rootMargin,
}: InfiniteScrollOptions) {
  const sentinel = useRef<T>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, rowCount, rootMargin]);
  return sentinel;
}
