import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Input, Label } from '@/components/ui/form';
import { cn } from '@/lib/cn';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };

export interface TextFieldProps extends Omit<InputProps, 'id'> {
  id: string;
  label: ReactNode;
  /** A message key, shown under the field and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** The describedby ids of a field: its hint and its error, when present. */
export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A labelled input with its hint and error (aria-invalid, aria-describedby). */
export function TextField({ id, label, error, hint, className, ...props }: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, { hint, error })}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error ? t(error) : null}</FieldError>
    </div>
  );
}

/** A password input with a show/hide toggle (docs/product/accounts.md §2). */
export function PasswordField({ id, label, error, hint, className, ...props }: TextFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          invalid={Boolean(error)}
          aria-describedby={describedBy(id, { hint, error })}
          className="pr-12"
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-controls={id}
          aria-label={t('auth.password.show')}
          className={cn(
            'absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg',
            'text-slate-600 hover:text-night-900',
          )}
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error ? t(error) : null}</FieldError>
    </div>
  );
}

/** A message for the whole view: an error (alert) or a piece of news (status). */
export function Notice({
  tone,
  children,
  id,
}: {
  tone: 'error' | 'success' | 'info';
  children?: ReactNode;
  id?: string;
}) {
  if (!children) return null;
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border px-3 py-2 text-sm',
        tone === 'error' && 'border-red-200 bg-red-50 text-red-800',
        tone === 'success' && 'border-emerald-200 bg-emerald-50 text-emerald-900',
        tone === 'info' && 'border-night-200 bg-night-50 text-night-900',
      )}
    >
      {children}
    </div>
  );
}

/** The title of a login view; LoginView's section is labelled by it. */
export function ViewTitle({
  children,
  description,
}: {
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <div className="mb-5 text-center">
      <h2 id="login-view-title" className="text-xl font-semibold text-night-900">
        {children}
      </h2>
      {description ? <p className="mt-1.5 text-sm text-slate-600">{description}</p> : null}
    </div>
  );
}
