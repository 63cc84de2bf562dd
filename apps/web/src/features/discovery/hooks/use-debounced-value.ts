import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs` (filters: 500 ms, docs/product/discovery.md §9). */
export function useDebouncedValue<T>(value: T, delayMs: number, isEqual: (a: T, b: T) => boolean) {
  return useDebouncedState(value, delayMs, isEqual)[0];
}

/**
 * useDebouncedValue plus a setter that skips the wait: values that do not come from typing (a
 * saved search loaded, another address) apply at once.
 */
export function useDebouncedState<T>(value: T, delayMs: number, isEqual: (a: T, b: T) => boolean) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (isEqual(value, debounced)) return;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, debounced, delayMs, isEqual]);
  return [debounced, setDebounced] as const;
}

/** False, then true after `delayMs` (sliders appear after 300 ms, once the modal has settled). */
export function useDelayedFlag(delayMs: number) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown;
}
