import { Camera, FileText, ImagePlus, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * What the server takes (apps/server/src/lib/uploaded-documents.ts, annonce-files.ts, matches):
 * photos png or jpeg, documents png, jpeg or pdf, 10 MB each. Checked here first so that a wrong
 * file is said before anything is sent; the server still judges the bytes.
 */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
const PHOTO_MIME = ['image/png', 'image/jpeg'];
const DOCUMENT_MIME = [...PHOTO_MIME, 'application/pdf'];
const EXTENSIONS = { photo: /\.(png|jpe?g)$/i, document: /\.(png|jpe?g|pdf)$/i };
export type FileKind = 'photo' | 'document';
export const ACCEPT: Record<FileKind, string> = {
  photo: 'image/png,image/jpeg,.png,.jpg,.jpeg',
  document: 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf',
};

/** The message key of what is wrong with a picked file, or null when it may be sent. */
export function fileProblem(file: File, kind: FileKind): string | null {
  const allowed = kind === 'photo' ? PHOTO_MIME : DOCUMENT_MIME;
  const typeOk = file.type ? allowed.includes(file.type) : EXTENSIONS[kind].test(file.name);
  if (!typeOk) return kind === 'photo' ? 'filePicker.error.photoType' : 'filePicker.error.type';
  if (file.size > FILE_MAX_BYTES) return 'filePicker.error.size';
  if (file.size === 0) return 'filePicker.error.empty';
  return null;
}

/** A file already on the server (kept as it is) or one just picked. */
export type PickedFile =
  | { kind: 'new'; file: File }
  | { kind: 'stored'; name: string; url: string | null; isPdf: boolean };

function sizeLabel(bytes: number, language: string) {
  const mb = bytes / (1024 * 1024);
  const format = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    maximumFractionDigits: 1,
  });
  return mb >= 0.1 ? `${format.format(mb)} Mo` : `${format.format(Math.ceil(bytes / 1024))} Ko`;
}

/** An object URL for a picked image, released when it is no longer shown. */
export function usePreviewUrl(value: PickedFile | null): string | null {
  const url = useMemo(() => {
    if (!value) return null;
    if (value.kind === 'stored') return value.isPdf ? null : value.url;
    if (!value.file.type.startsWith('image/')) return null;
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(value.file) : null;
  }, [value]);
  useEffect(
    () => () => {
      if (value?.kind === 'new' && url && typeof URL.revokeObjectURL === 'function') {
        URL.revokeObjectURL(url);
      }
    },
    [value, url],
  );
  return url;
}

/** Phones offer "take a photo" (the camera) next to the gallery; a desktop only has files. */
function useHasCamera(): boolean {
  const [coarse] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(pointer: coarse)').matches,
  );
  return coarse;
}

function PickButton({
  id,
  kind,
  multiple,
  capture,
  icon,
  children,
  accessibleName,
  describedBy,
  invalid,
  onFiles,
}: {
  id: string;
  kind: FileKind;
  multiple?: boolean | undefined;
  capture?: boolean;
  icon: ReactNode;
  children: ReactNode;
  accessibleName: string;
  describedBy: string | undefined;
  invalid: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'relative inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed px-3 text-sm font-semibold text-night-900 hover:bg-night-50',
        'focus-within:outline-3 focus-within:outline-lantern-500',
        invalid ? 'border-red-600' : 'border-night-300',
      )}
    >
      {icon}
      {children}
      <input
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        multiple={multiple}
        {...(capture ? { capture: 'environment' as const } : {})}
        className="sr-only"
        aria-label={accessibleName}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file chosen again after a removal must fire a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}

/** The buttons that open the camera (phones, photos) and the gallery or the files. */
export function FilePickButtons({
  id,
  label,
  kind,
  multiple,
  describedBy,
  invalid,
  onFiles,
}: {
  id: string;
  label: string;
  kind: FileKind;
  multiple?: boolean;
  describedBy: string | undefined;
  invalid: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const hasCamera = useHasCamera();
  const withCamera = hasCamera || kind === 'photo';
  const chooseText = kind === 'photo' ? t('filePicker.gallery') : t('filePicker.choose');
  return (
    <div className="flex flex-wrap gap-2">
      {withCamera ? (
        <PickButton
          id={`${id}-camera`}
          kind={kind === 'photo' ? 'photo' : 'document'}
          capture
          icon={<Camera aria-hidden="true" className="size-4" />}
          accessibleName={`${label} : ${t('filePicker.camera')}`}
          describedBy={describedBy}
          invalid={invalid}
          onFiles={onFiles}
        >
          {t('filePicker.camera')}
        </PickButton>
      ) : null}
      <PickButton
        id={id}
        kind={kind}
        multiple={multiple}
        icon={
          kind === 'photo' ? (
            <ImagePlus aria-hidden="true" className="size-4" />
          ) : (
            <Upload aria-hidden="true" className="size-4" />
          )
        }
        accessibleName={`${label} : ${chooseText}`}
        describedBy={describedBy}
        invalid={invalid}
        onFiles={onFiles}
      >
        {chooseText}
      </PickButton>
    </div>
  );
}

/** The chosen file: thumbnail (image) or PDF icon, name and size, and a remove button. */
export function FilePreview({
  value,
  label,
  onRemove,
}: {
  value: PickedFile;
  label: string;
  onRemove?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const preview = usePreviewUrl(value);
  const name = value.kind === 'new' ? value.file.name : value.name || t('filePicker.stored');
  return (
    <div className="flex items-center gap-3">
      {preview ? (
        <img
          src={preview}
          alt={t('filePicker.previewAlt', { name })}
          className="size-14 shrink-0 rounded-md border border-night-100 object-cover"
        />
      ) : (
        <span className="flex size-14 shrink-0 flex-col items-center justify-center rounded-md border border-night-100 bg-night-50 text-night-700">
          <FileText aria-hidden="true" className="size-6" />
          <span className="text-[10px] font-bold">PDF</span>
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col text-sm">
        <span className="truncate font-medium text-night-900">{name}</span>
        {value.kind === 'new' ? (
          <span className="text-xs text-slate-600">
            {sizeLabel(value.file.size, i18n.language)}
          </span>
        ) : null}
      </span>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('filePicker.remove', { name: label })}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-red-700 hover:bg-red-50 focus-visible:outline-3 focus-visible:outline-lantern-500"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

/**
 * One file (identity side, registration card, complaint, bank document…): the camera on phones
 * and the files, a preview, removal, the upload's progress, and the type and size refused before
 * anything is sent. `error` is a message key (the server's or the form's).
 */
export function FilePicker({
  id,
  label,
  kind = 'document',
  value,
  onChange,
  error,
  hint,
  required,
  progress,
  disabled,
}: {
  id: string;
  label: string;
  kind?: FileKind;
  value: PickedFile | null;
  onChange: (value: PickedFile | null) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** 0 to 1 while sending; null or undefined otherwise. */
  progress?: number | null | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const generated = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint-${generated}`;
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error ?? null;
  const describedBy = cn(shown ? errorId : '', hint ? hintId : '') || undefined;
  const sending = progress !== null && progress !== undefined;
  return (
    <div
      className={cn(
        'scroll-mt-24 scroll-mb-28 rounded-lg border bg-white p-3',
        shown ? 'border-red-600' : 'border-night-100',
      )}
      role="group"
      aria-labelledby={labelId}
    >
      <p className="text-sm font-medium text-night-900" id={labelId}>
        {label}
        {required ? (
          <span className="font-normal text-slate-600"> {t('filePicker.required')}</span>
        ) : null}
      </p>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2">
        {value ? (
          <FilePreview
            value={value}
            label={label}
            onRemove={
              disabled || sending
                ? undefined
                : () => {
                    setLocalError(null);
                    onChange(null);
                  }
            }
          />
        ) : disabled ? null : (
          <FilePickButtons
            id={id}
            label={label}
            kind={kind}
            describedBy={describedBy}
            invalid={Boolean(shown)}
            onFiles={([file]) => {
              if (!file) return;
              const problem = fileProblem(file, kind);
              setLocalError(problem);
              if (!problem) onChange({ kind: 'new', file });
            }}
          />
        )}
      </div>
      {sending ? (
        <div className="mt-2 flex items-center gap-2 text-xs text-slate-700">
          <progress
            className="h-2 flex-1 accent-lantern-500"
            max={100}
            value={Math.round(progress * 100)}
            aria-label={t('filePicker.progress', { name: label })}
          />
          <span aria-hidden="true">{Math.round(progress * 100)} %</span>
        </div>
      ) : null}
      {shown ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {t(shown)}
        </p>
      ) : null}
    </div>
  );
}
