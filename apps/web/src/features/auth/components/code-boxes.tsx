import { CODE_LENGTH } from '@app/domain';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** An empty code: one empty string per box. */
export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');
export const isCodeComplete = (code: readonly string[]) =>
  code.every((digit) => /^\d$/.test(digit));

/** Keys that move or edit rather than type: left alone. */
const NAVIGATION_KEYS = new Set([
  'Tab',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'Enter',
  'Escape',
]);

/**
 * The 4 single-digit boxes of a code (docs/product/accounts.md §5): numeric keys only (plus backspace), the
 * focus moves to the next box after a digit and back on backspace, and pasting the code fills
 * every box. `labelId` names the group for screen readers.
 */
export function CodeBoxes({
  value,
  onChange,
  labelId,
  describedById,
  invalid,
  busy = false,
  idPrefix,
}: {
  value: readonly string[];
  onChange: (code: string[]) => void;
  labelId: string;
  describedById?: string | undefined;
  invalid?: boolean;
  /** The code is being checked: the boxes keep the focus but take no input. */
  busy?: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes digits from box `start` on, and puts the focus after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    let index = start;
    for (const digit of digits) {
      if (index >= CODE_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    onChange(next);
    focusBox(index);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (busy) return;
    if (event.ctrlKey || event.metaKey || event.altKey || NAVIGATION_KEYS.has(event.key)) {
      if (event.key === 'ArrowLeft') focusBox(index - 1);
      if (event.key === 'ArrowRight') focusBox(index + 1);
      return;
    }
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      const next = [...value];
      if (next[index] || event.key === 'Delete') {
        next[index] = '';
        onChange(next);
      } else if (index > 0) {
        next[index - 1] = '';
        onChange(next);
        focusBox(index - 1);
      }
      return;
    }
    // Digits are written by onChange (which also serves virtual keyboards); the rest is refused.
    if (event.key.length === 1 && !/\d/.test(event.key)) event.preventDefault();
  };

  const onInput = (index: number, text: string) => {
    if (busy) return;
    let digits = text.replace(/\D/g, '');
    if (!digits) return;
    const previous = value[index];
    // A box that held a digit gets one more (caret after it): the new digit replaces the old one.
    if (digits.length === 2 && previous) {
      digits = digits.startsWith(previous) ? digits.slice(1) : digits.slice(0, 1);
    }
    // Several digits at once (autofill of a texted code): spread them over the boxes.
    fill(index, digits);
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (busy) return;
    const digits = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, CODE_LENGTH);
    if (!digits) return;
    // The whole code pasted fills every box, wherever the focus was.
    fill(digits.length === CODE_LENGTH ? 0 : index, digits);
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedById}
      className="flex justify-center gap-3"
    >
      {value.map((digit, index) => (
        <input
          // The boxes never move: the position is their identity.
          key={index}
          id={`${idPrefix}-${index}`}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={CODE_LENGTH}
          readOnly={busy}
          aria-busy={busy || undefined}
          aria-label={t('auth.code.digit', { position: index + 1, count: CODE_LENGTH })}
          aria-invalid={invalid || undefined}
          className={cn(
            'size-14 rounded-xl border-2 bg-white text-center text-2xl font-semibold text-night-900 shadow-sm',
            'focus:border-night-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-lantern-500',
            'read-only:bg-night-50',
            invalid ? 'border-red-600' : 'border-night-200',
          )}
        />
      ))}
    </div>
  );
}
