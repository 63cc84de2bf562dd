import { DOCUMENT_ACCEPT } from '@app/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError, FormError, Label } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSendIdentity } from '../api/send-identity';
import { documentFileError } from './document-file-check';

type Side = 'recto' | 'verso';

export function FileField({
  id,
  label,
  hint,
  error,
  onChange,
  fileName,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  onChange: (file: File | null) => void;
  fileName?: string | null;
}) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(error ? errorId : '', hintId) || undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className={cn(
          'block w-full rounded-lg border bg-white text-sm text-night-900 shadow-sm',
          'file:mr-3 file:min-h-11 file:border-0 file:bg-night-900 file:px-4 file:font-semibold file:text-white',
          'focus-visible:outline-3 focus-visible:outline-lantern-500',
          error ? 'border-red-600' : 'border-night-200',
        )}
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {fileName
          ? t('identity.file.current', { name: fileName })
          : (hint ?? t('identity.file.hint'))}
      </p>
      <FieldError id={errorId}>{error ? t(error) : null}</FieldError>
    </div>
  );
}

/**
 * Recto and verso of the identity document, sent together (accounts.md §5: png, jpeg, jpg, pdf,
 * both required). A 403 from the server marks the side it names.
 */
export function IdentityFilesForm({
  onSent,
  submitLabel,
  footer,
}: {
  onSent: () => void;
  submitLabel?: string;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [files, setFiles] = useState<Record<Side, File | null>>({ recto: null, verso: null });
  const [errors, setErrors] = useState<Partial<Record<Side | 'root', string>>>({});
  const sending = useSendIdentity({ onSuccess: onSent });

  const choose = (side: Side) => (file: File | null) => {
    setFiles((current) => ({ ...current, [side]: file }));
    setErrors((current) => ({
      ...current,
      [side]: file ? (documentFileError(file) ?? undefined) : undefined,
    }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = { recto: documentFileError(files.recto), verso: documentFileError(files.verso) };
    if (found.recto || found.verso || !files.recto || !files.verso) {
      setErrors({ recto: found.recto ?? undefined, verso: found.verso ?? undefined });
      return;
    }
    setErrors({});
    try {
      await sending.mutateAsync({ recto: files.recto, verso: files.verso });
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.invalidField === 'recto' || error.invalidField === 'verso')
      ) {
        setErrors({ [error.invalidField]: error.messageKey });
      } else if (error instanceof ApiError && error.invalidField === 'identityRectoFile') {
        setErrors({ recto: error.messageKey });
      } else if (error instanceof ApiError && error.invalidField === 'identityVersoFile') {
        setErrors({ verso: error.messageKey });
      } else {
        setErrors({ root: error instanceof ApiError ? error.messageKey : 'error.generic' });
      }
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <FileField
        id={`${id}-recto`}
        label={t('identity.recto.label')}
        error={errors.recto}
        onChange={choose('recto')}
      />
      <FileField
        id={`${id}-verso`}
        label={t('identity.verso.label')}
        error={errors.verso}
        onChange={choose('verso')}
      />
      <FormError>{errors.root ? t(errors.root) : null}</FormError>
      {footer}
      <div className="flex justify-end">
        <Button type="submit" disabled={sending.isPending} className="w-full md:w-auto">
          {sending.isPending ? t('common.sending') : (submitLabel ?? t('identity.submit'))}
        </Button>
      </div>
    </form>
  );
}
