import { formatIsoDate } from '@app/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { DateField, isoToDateText } from './date-field';
import { FieldError, Label, Select } from './form';

/** Minutes offered by the picker (docs/product/accounts.md §5: minute step 5). */
export const MINUTE_STEP = 5;
/** Time proposed before the user picks one (docs/product/accounts.md §5: 10:00:00). */
export const DEFAULT_TIME = '10:00';

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
const MINUTES = Array.from({ length: 60 / MINUTE_STEP }, (_, index) =>
  String(index * MINUTE_STEP).padStart(2, '0'),
);

/** Today as "YYYY-MM-DD" in the browser's own calendar: the default minimum date. */
export function todayIso(now: Date = new Date()): string {
  return formatIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** Splits "YYYY-MM-DDTHH:mm" into its date and its time snapped to the 5-minute grid. */
export function splitDateTime(value: string): { date: string; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return { date: '', time: DEFAULT_TIME };
  const minutes = Math.min(55, Math.round(Number(match[3]) / MINUTE_STEP) * MINUTE_STEP);
  return { date: match[1]!, time: `${match[2]}:${String(minutes).padStart(2, '0')}` };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `date` is a real calendar date. */
function isRealDate(date: string): boolean {
  if (!ISO_DATE.test(date)) return false;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}

export interface DateTimePickerProps {
  /** The field's name for people: the legend of the group. */
  label: string;
  /** "YYYY-MM-DDTHH:mm" (local time, 24-hour), or '' while the date is incomplete. */
  value: string;
  onChange: (value: string) => void;
  /** Earliest day, "YYYY-MM-DD"; today by default (docs/product/accounts.md §5). */
  minDate?: string;
  /** A message key from the form, shown under the group. */
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
}

/**
 * The 24-hour French date-time picker of docs/product/accounts.md §5: a dd/mm/yyyy date field and hour and
 * minute selects (00–23, every 5 minutes), defaulting to 10:00, with the earliest day enforced.
 * Native controls keep it usable with a keyboard and a screen reader.
 */
export function DateTimePicker({
  label,
  value,
  onChange,
  minDate,
  error,
  disabled,
  className,
}: DateTimePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const earliest = minDate ?? todayIso();
  const initial = splitDateTime(value);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [hour, minute] = time.split(':') as [string, string];

  const dateProblem = !date
    ? null
    : !isRealDate(date)
      ? 'date.picker.invalid'
      : date < earliest
        ? 'date.picker.tooEarly'
        : null;
  const message = dateProblem ?? error;

  const emit = (nextDate: string, nextTime: string) => {
    onChange(isRealDate(nextDate) && nextDate >= earliest ? `${nextDate}T${nextTime}` : '');
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={cn('min-w-0', className)}
      aria-describedby={message ? `${hintId} ${errorId}` : hintId}
      disabled={disabled}
    >
      <legend className="mb-1.5 text-sm font-medium text-night-900">{label}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-36 flex-1">
          <Label htmlFor={`${id}-date`} className="text-xs text-slate-600">
            {t('date.picker.date')}
          </Label>
          <DateField
            id={`${id}-date`}
            value={date}
            invalid={Boolean(message)}
            aria-describedby={message ? `${hintId} ${errorId}` : hintId}
            onChange={(next) => {
              setDate(next);
              emit(next, time);
            }}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-hour`} className="text-xs text-slate-600">
            {t('date.picker.hour')}
          </Label>
          <Select
            id={`${id}-hour`}
            value={hour}
            className="w-20 tabular-nums"
            onChange={(event) => {
              const next = `${event.target.value}:${minute}`;
              setTime(next);
              emit(date, next);
            }}
          >
            {HOURS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        <span aria-hidden="true" className="pb-3 font-semibold text-night-900">
          :
        </span>
        <div>
          <Label htmlFor={`${id}-minute`} className="text-xs text-slate-600">
            {t('date.picker.minute')}
          </Label>
          <Select
            id={`${id}-minute`}
            value={minute}
            className="w-20 tabular-nums"
            onChange={(event) => {
              const next = `${hour}:${event.target.value}`;
              setTime(next);
              emit(date, next);
            }}
          >
            {MINUTES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-slate-600">
        {t('date.picker.hint', { date: isoToDateText(earliest) })}
      </p>
      <FieldError id={errorId}>
        {message ? t(message, { date: isoToDateText(earliest) }) : null}
      </FieldError>
    </fieldset>
  );
}
