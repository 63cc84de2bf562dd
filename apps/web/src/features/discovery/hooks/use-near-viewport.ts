import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the screen, and from then on: what is far below
 * the fold is drawn when the user scrolls towards it, not during the first load (issue 17: the home's
 * fifteen rows drawn at once blocked a phone's main thread for over a second). Without
 * IntersectionObserver (old browsers, tests) everything counts as near. What is drawn with the page
 * anyway says so (`nearFromTheStart`): no observer, and no second drawing when it comes into view.
 */
export function useNearViewport<T extends Element>(margin = '100%', nearFromTheStart = false) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(
    () => nearFromTheStart || typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // What comes near is drawn at a transition's priority: in slices, the phone free between.
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
