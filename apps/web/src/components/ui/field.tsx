import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Label } from './form';

/**
 * A labelled control with its hint above and its problem underneath, a catalogue key shown
 * translated (the control gets `aria-describedby`, see describedBy). Shared by the forms that
 * build their own state: the announcement wizard and the sighting report.
 */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 mb-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={`${id}-error`}>{error ? t(error) : null}</FieldError>
    </div>
  );
}

/** aria props of a control whose problem is shown by Field. */
export function describedBy(id: string, error: string | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
    invalid: Boolean(error),
  };
}

/** A group title plus its problem, for radio groups and lists. */
export function GroupError({ id, error }: { id: string; error?: string | undefined }) {
  const { t } = useTranslation();
  return <FieldError id={id}>{error ? t(error) : null}</FieldError>;
}
