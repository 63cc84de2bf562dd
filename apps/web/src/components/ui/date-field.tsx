import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Input } from './form';

const DIGITS_IN_DATE = 8;

/** "12051990" → "12/05/1990": slashes are added as the digits come (docs/product/accounts.md §5). */
export function formatDateDigits(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, DIGITS_IN_DATE);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean);
  return parts.join('/');
}

/**
 * Reads "dd/mm/yyyy" only when it has 3 numeric parts (and a 4-digit year): "YYYY-MM-DD", which
 * may still be an impossible date ("31/02/2000") for the form's rule to refuse. Otherwise null.
 */
export function parseDateText(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** "1990-05-12" → "12/05/1990"; anything else is shown as it is. */
export function isoToDateText(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

export interface DateFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> {
  /** "YYYY-MM-DD" once the text holds 3 numeric parts; otherwise the text as typed ('' if empty). */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  ref?: React.Ref<HTMLInputElement>;
}

/**
 * The digits-only date field of docs/product/accounts.md §5: the user types digits, the field shows dd/mm/yyyy.
 * The value handed out is ISO as soon as the three parts are there, so the form's schema decides
 * whether the date is real, old enough or in range.
 */
export function DateField({ value, onChange, invalid, className, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => isoToDateText(value));
  // The form may set the value itself (reset, a previous step): show it.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== (parseDateText(text) ?? text)) setText(isoToDateText(value));
  }

  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('date.field.placeholder')}
      maxLength={10}
      invalid={invalid}
      className={cn('tabular-nums', className)}
      value={text}
      onChange={(event) => {
        const next = formatDateDigits(event.target.value);
        setText(next);
        const out = parseDateText(next) ?? next;
        setLastValue(out);
        onChange(out);
      }}
      {...props}
    />
  );
}
