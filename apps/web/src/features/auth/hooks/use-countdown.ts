import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action is offered again (resend a code or a mail, docs/product/accounts.md §4). */
export function useCountdown(initialSeconds = 0) {
  const [remaining, setRemaining] = useState(initialSeconds);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  const start = useCallback((seconds: number) => setRemaining(seconds), []);
  return { remaining, running: remaining > 0, start };
}
