import { useLayoutEffect, useState, type RefObject } from 'react';

/** Below Tailwind's md breakpoint (768 px) the layout is the phone's. */
const PHONE_QUERY = '(max-width: 767px)';
const MIN_HEIGHT_PX = 320;

/**
 * On a phone, the height that takes an element from where it starts on the page down to the
 * bottom of the screen: the map fills the screen under what stands above it, and the card risen
 * over its bottom edge is in view. Null from 768 px, where the layout gives the height. Measured
 * again on resize and when `layoutKey` changes (something appeared above the element).
 */
export function useHeightToScreenBottom(
  ref: RefObject<HTMLElement | null>,
  layoutKey: unknown,
): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    function measure() {
      const element = ref.current;
      const isPhone =
        typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
      if (!element || !isPhone) {
        setHeight(null);
        return;
      }
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT_PX, Math.round(window.innerHeight - top)));
    }
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, layoutKey]);
  return height;
}
