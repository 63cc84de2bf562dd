import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the screen, and from then on: what is far below
 * the fold is drawn when the user scrolls towards it, not during the first load (issue 17: the home's
 * fifteen rows drawn at once blocked a phone's main thread for over a second). Without
 * IntersectionObserver (old browsers, tests) everything counts as near.
 */
export function useNearViewport<T extends Element>(margin = '100%') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
