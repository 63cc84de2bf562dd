import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { FormError } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
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
  const [picked, setPicked] = useState<File | null>(null);
  return (
    <FilePicker
      id={id}
      label={label}
      kind="document"
      required
      hint={
        fileName && !picked
          ? t('identity.file.current', { name: fileName })
          : (hint ?? t('identity.file.hint'))
      }
      value={picked ? { kind: 'new', file: picked } : null}
      onChange={(next) => {
        const file = next?.kind === 'new' ? next.file : null;
        setPicked(file);
        onChange(file);
      }}
      error={error}
    />
  );
}

/**
 * Recto and verso of the identity document, sent together (docs/product/accounts.md §5: png, jpeg, jpg, pdf,
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
