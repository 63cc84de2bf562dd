import type {
  InputHTMLAttributes,
  LabelHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { cn } from '@/lib/cn';

const controlClasses =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-night-900 shadow-sm ' +
  'placeholder:text-slate-500 focus:border-night-600 focus:outline-none focus-visible:outline-3 ' +
  'focus-visible:outline-lantern-500 disabled:bg-night-50 md:text-sm';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor.
    <label
      className={cn('mb-1.5 block text-sm font-medium text-night-900', className)}
      {...props}
    />
  );
}

/** The border of a form control: red while its value is refused. */
function borderFor(invalid: boolean | undefined): string {
  return invalid ? 'border-red-600 focus:border-red-700' : 'border-night-200';
}

export function Input({
  className,
  invalid,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  invalid?: boolean;
  ref?: React.Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(
        controlClasses,
        'min-h-11',
        borderFor(invalid),
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({
  className,
  invalid,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  invalid?: boolean;
  ref?: React.Ref<HTMLTextAreaElement>;
}) {
  return (
    <textarea
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(
        controlClasses,
        borderFor(invalid),
        className,
      )}
      {...props}
    />
  );
}

export function Select({
  className,
  invalid,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  invalid?: boolean;
  ref?: React.Ref<HTMLSelectElement>;
}) {
  return (
    <select
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(
        controlClasses,
        'min-h-11',
        borderFor(invalid),
        className,
      )}
      {...props}
    />
  );
}

/** The message under a field; `id` is what the control's aria-describedby points at. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

/** An error that belongs to the whole form (the API refused it). */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {children}
    </p>
  );
}
