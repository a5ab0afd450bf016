import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element behind the returned ref has come within `rootMargin` of the viewport (by default, into it),
 * once: it stays true after. Code for content below the fold waits for it, so the first screen neither downloads
 * nor runs that code. It is true at once when `already` is set, or without IntersectionObserver.
 */
export function useNearViewport<T extends Element>(already = false, rootMargin = '0px'): [RefObject<T>, boolean] {
  const element = useRef<T>(null);
  const [near, setNear] = useState(() => already || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return [element, near];
}
