import { useCallback, useEffect, useRef, useState } from 'react';
import { emptyCode, isCodeComplete } from '../components/code-boxes';
import { CODE_ALERT_MS, CODE_DEBOUNCE_MS } from '../auth.constants';
import { useTimedMessage } from './use-timed-message';

/**
 * The behaviour of a 4-digit code screen (docs/product/accounts.md §4): once the 4 boxes are filled and left
 * alone for 500 ms the code is submitted; a refused code empties the boxes, puts the focus back on
 * the first one and shows the message for 5 s.
 */
export function useCodeEntry({
  idPrefix,
  onComplete,
  enabled = true,
}: {
  idPrefix: string;
  onComplete: (code: string) => void;
  enabled?: boolean;
}) {
  const [code, setCode] = useState<string[]>(emptyCode);
  const { message, show, clear } = useTimedMessage(CODE_ALERT_MS);
  const complete = useRef(onComplete);
  useEffect(() => {
    complete.current = onComplete;
  });

  useEffect(() => {
    if (!enabled || !isCodeComplete(code)) return;
    const timer = setTimeout(() => complete.current(code.join('')), CODE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [code, enabled]);

  const reject = useCallback(
    (messageKey: string) => {
      setCode(emptyCode());
      show(messageKey);
      // After the boxes are enabled again by the caller's re-render.
      setTimeout(() => document.getElementById(`${idPrefix}-0`)?.focus(), 0);
    },
    [show, idPrefix],
  );

  return { code, change: setCode, reject, message, clearMessage: clear };
}
