import { Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilePickButtons,
  FilePicker,
  fileProblem,
  type PickedFile,
} from '@/components/ui/file-picker';
import { GroupError } from '@/components/ui/field';
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
  required,
}: {
  id: string;
  label: string;
  value: FileSlot | null;
  onChange: (slot: FileSlot | null) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const picked: PickedFile | null = useMemo(
    () =>
      value === null
        ? null
        : value.kind === 'new'
          ? { kind: 'new', file: value.file }
          : { kind: 'stored', name: value.name, url: value.url, isPdf: value.isPdf },
    [value],
  );
  return (
    <FilePicker
      id={id}
      label={label}
      kind="document"
      required={required ?? false}
      hint={t('filePicker.types.document')}
      value={picked}
      onChange={(next) => onChange(next?.kind === 'new' ? newFileSlot(next.file) : null)}
      error={error}
    />
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
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <div className="flex scroll-mt-24 scroll-mb-36 flex-col gap-3">
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
        <div className="flex flex-col gap-1 rounded-xl border-2 border-dashed border-night-300 bg-white p-4">
          <FilePickButtons
            id={id}
            label={t('wizard.photos.add')}
            kind="photo"
            multiple
            invalid={Boolean(error ?? refused)}
            describedBy={error || refused ? 'vehicleFiles-error' : undefined}
            onFiles={(files) => {
              // A wrong type or an over-large photo is said at once, before anything is sent.
              setRefused(files.map((file) => fileProblem(file, 'photo')).find(Boolean) ?? null);
              const picked = files.filter((file) => !fileProblem(file, 'photo')).map(newFileSlot);
              onChange([...value, ...picked].slice(0, max));
            }}
          />
          <span className="text-xs font-normal text-slate-600">{t('wizard.photos.types')}</span>
        </div>
      ) : null}
      <GroupError id="vehicleFiles-error" error={refused ?? error} />
    </div>
  );
}
