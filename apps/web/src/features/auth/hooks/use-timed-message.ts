import { useCallback, useEffect, useRef, useState } from 'react';

/** A message key shown for `durationMs`, then gone (the 5 s and 3 s alerts of docs/product/accounts.md §9). */
export function useTimedMessage(durationMs: number) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (key: string) => {
      clearTimeout(timer.current);
      setMessage(key);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, show, clear };
}
