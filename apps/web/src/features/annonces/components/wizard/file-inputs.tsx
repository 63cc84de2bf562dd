import { FileText, ImagePlus, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { GroupError } from './field';
import { newFileSlot, type FileSlot } from './wizard-form';

export const PHOTO_TYPES = 'image/png,image/jpeg';
export const DOCUMENT_TYPES = 'image/png,image/jpeg,application/pdf';
const PHOTO_MIME = ['image/png', 'image/jpeg'];
const DOCUMENT_MIME = [...PHOTO_MIME, 'application/pdf'];

/** Only the accepted types (the picker's filter can be bypassed by drag and drop or "all files"). */
export function acceptedFiles(files: FileList | null, kind: 'photo' | 'document'): File[] {
  const allowed = kind === 'photo' ? PHOTO_MIME : DOCUMENT_MIME;
  return [...(files ?? [])].filter((file) => allowed.includes(file.type));
}

/** A preview URL for a picked image, released when it is no longer shown. */
function usePreview(slot: FileSlot): string | null {
  const url = useMemo(() => {
    if (slot.kind === 'stored') return slot.isPdf ? null : slot.url;
    if (slot.file.type === 'application/pdf') return null;
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(slot.file) : null;
  }, [slot]);
  useEffect(
    () => () => {
      if (slot.kind === 'new' && url && typeof URL.revokeObjectURL === 'function') {
        URL.revokeObjectURL(url);
      }
    },
    [slot, url],
  );
  return url;
}

function slotName(slot: FileSlot, fallback: string) {
  return slot.kind === 'new' ? slot.file.name : slot.name || fallback;
}

/** One document (identity, registration card, complaint, insurance): png, jpeg or pdf. */
export function DocumentInput({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: FileSlot | null;
  onChange: (slot: FileSlot | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="rounded-lg border border-night-100 bg-white p-3">
      <p className="text-sm font-medium text-night-900" id={`${id}-label`}>
        {label}
      </p>
      {value ? (
        <div className="mt-2 flex items-center justify-between gap-2">
          <span className="flex min-w-0 items-center gap-2 text-sm text-night-700">
            <FileText aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{slotName(value, t('wizard.file.stored'))}</span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            aria-label={t('wizard.file.remove', { name: label })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : (
        <label
          htmlFor={id}
          className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed border-night-300 px-3 text-sm font-semibold text-night-900 focus-within:outline-3 focus-within:outline-lantern-500 hover:bg-night-50"
        >
          <Upload aria-hidden="true" className="size-4" />
          {t('wizard.file.choose')}
          <input
            id={id}
            type="file"
            accept={DOCUMENT_TYPES}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const [file] = acceptedFiles(event.target.files, 'document');
              if (file) onChange(newFileSlot(file));
              event.target.value = '';
            }}
          />
        </label>
      )}
      <GroupError id={`${id}-error`} error={error} />
    </div>
  );
}

function PhotoThumb({
  slot,
  index,
  onRemove,
}: {
  slot: FileSlot;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const preview = usePreview(slot);
  return (
    <li className="relative aspect-square overflow-hidden rounded-lg border border-night-100 bg-night-50">
      {preview ? (
        <img
          src={preview}
          alt={t('wizard.photos.preview', { index: index + 1 })}
          className="size-full object-cover"
        />
      ) : (
        <span className="flex size-full items-center justify-center p-2 text-center text-xs">
          {slotName(slot, t('wizard.photos.preview', { index: index + 1 }))}
        </span>
      )}
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('wizard.photos.remove', { index: index + 1 })}
        className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-white/95 shadow"
      >
        <Trash2 aria-hidden="true" className="size-4 text-red-700" />
      </button>
    </li>
  );
}

/** The vehicle photos: several png or jpeg, previews, each removable; at least one is required. */
export function PhotosInput({
  value,
  onChange,
  error,
  max = 10,
}: {
  value: FileSlot[];
  onChange: (slots: FileSlot[]) => void;
  error?: string | undefined;
  max?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      {value.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 md:grid-cols-4" aria-label={t('wizard.photos.list')}>
          {value.map((slot, index) => (
            <PhotoThumb
              key={slot.kind === 'new' ? slot.key : `stored-${slot.id}`}
              slot={slot}
              index={index}
              onRemove={() => onChange(value.filter((other) => other !== slot))}
            />
          ))}
        </ul>
      ) : null}
      {value.length < max ? (
        <label
          htmlFor={id}
          className="flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-night-300 bg-white p-4 text-sm font-semibold text-night-900 focus-within:outline-3 focus-within:outline-lantern-500 hover:bg-night-50"
        >
          <ImagePlus aria-hidden="true" className="size-6" />
          {t('wizard.photos.add')}
          <span className="text-xs font-normal text-slate-600">{t('wizard.photos.types')}</span>
          <input
            id={id}
            type="file"
            multiple
            accept={PHOTO_TYPES}
            className="sr-only"
            aria-describedby={error ? 'vehicleFiles-error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const picked = acceptedFiles(event.target.files, 'photo').map(newFileSlot);
              onChange([...value, ...picked].slice(0, max));
              event.target.value = '';
            }}
          />
        </label>
      ) : null}
      <GroupError id="vehicleFiles-error" error={error} />
    </div>
  );
}
