import {
  MATCH_FORM_FIELDS,
  MATCH_MESSAGE_KEYS,
  MATCH_PHOTOS_MAX,
  matchFormProblems,
  type GeoPlace,
  type MatchFieldsInput,
  type MatchFormField,
  type ScannedIdentifierInput,
} from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fileProblem } from '@/components/ui/file-picker';
import { ApiError } from '@/lib/api-client';
import { useVehicleTypes } from '@/lib/catalog-queries';
import { matchKeys, saveMatch } from '../api/matches-api';

export type MatchFieldKey = MatchFormField | 'imagesVehicle';
export type MatchErrors = Partial<Record<MatchFieldKey, string>>;

export interface MatchFormState {
  street: string;
  town: GeoPlace | null;
  /** "Utiliser ma position": the phone's coordinates, placed by the server's reverse geocoding. */
  located: { latitude: number; longitude: number } | null;
  vehicleType: number | null;
  brand: number | null;
  model: number | null;
  modelFinish: number | null;
  vin: string;
  color: string;
  energy: string;
  description: string;
}

export const matchFieldId = (field: MatchFieldKey) => `match-${field}`;

/**
 * The state and rules of a sighting report (docs/product/discovery.md §2 and §4): step 1 the
 * photos (at least one), step 2 the form; a change clears its field's problem, a refused submit
 * brings the first invalid field into view, and the server's answer ends in the done modal, the
 * identity modal, a field's problem or a toast.
 */
export function useMatchReport({
  scanned,
  didInsist,
  position,
  initial,
  onIdentityRequired,
}: {
  scanned: ScannedIdentifierInput & { annonceId: number };
  didInsist: boolean;
  position: { latitude: number; longitude: number } | null;
  initial: MatchFormState;
  onIdentityRequired: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  const [photos, setPhotos] = useState<File[]>([]);
  const [form, setForm] = useState<MatchFormState>(initial);
  const [errors, setErrors] = useState<MatchErrors>({});
  const [done, setDone] = useState<{ lampions: number } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [scrollRequest, setScrollRequest] = useState<{ field: MatchFieldKey; n: number } | null>(
    null,
  );
  const scrollTo = (field: MatchFieldKey) =>
    setScrollRequest((current) => ({ field, n: (current?.n ?? 0) + 1 }));

  const types = useVehicleTypes();
  const type = types.data?.find((item) => item.id === form.vehicleType) ?? null;

  // After a refused submit, bring the first invalid field into view and focus it.
  useEffect(() => {
    if (!scrollRequest) return;
    const element = document.getElementById(matchFieldId(scrollRequest.field));
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  }, [scrollRequest]);

  const previews = useMemo(() => photos.map((file) => URL.createObjectURL(file)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  function update(patch: Partial<MatchFormState>) {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) {
        delete next[
          (key === 'street' || key === 'town' || key === 'located'
            ? 'address'
            : key) as MatchFieldKey
        ];
      }
      return next;
    });
  }

  function fields(): MatchFieldsInput {
    const town = form.town;
    const street = form.street.trim();
    // Placed by the phone's position, the town is enough: the coordinates are the exact spot.
    const placed = street || form.located;
    return {
      address:
        placed && town && town.latitude !== null && town.longitude !== null
          ? {
              address: street
                ? `${street}, ${town.postalCode} ${town.city}`
                : `${town.postalCode} ${town.city}`,
              latitude: form.located?.latitude ?? position?.latitude ?? town.latitude,
              longitude: form.located?.longitude ?? position?.longitude ?? town.longitude,
              departement: town.departmentCode,
            }
          : null,
      vehicleType: form.vehicleType,
      brand: form.brand,
      model: form.model,
      modelFinish: form.modelFinish,
      vin: form.vin || null,
      color: form.color || null,
      energy: form.energy || null,
      description: form.description.trim() || null,
    };
  }

  /** Photos picked: a wrong type or an over-large file is said at once, before anything is sent. */
  function addPhotos(files: File[]) {
    const refused = files.map((file) => fileProblem(file, 'photo')).find(Boolean);
    const picked = files.filter((file) => !fileProblem(file, 'photo'));
    setPhotos((current) => [...current, ...picked].slice(0, MATCH_PHOTOS_MAX));
    setErrors(refused ? { imagesVehicle: refused } : {});
  }

  function removePhoto(index: number) {
    setPhotos((current) => current.filter((_, i) => i !== index));
  }

  function nextStep() {
    if (photos.length === 0) {
      setErrors({ imagesVehicle: MATCH_MESSAGE_KEYS.photosRequired });
      scrollTo('imagesVehicle');
      return;
    }
    setErrors({});
    setStep(2);
    window.scrollTo({ top: 0 });
  }

  async function submit() {
    const values = fields();
    const problems = matchFormProblems(
      values,
      type ? { isLicensed: type.isLicensed, hasVIN: type.hasVIN } : null,
    );
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.messageKey])));
      scrollTo(problems[0]!.field);
      return;
    }
    const body = new FormData();
    body.append('match', JSON.stringify(values));
    body.append('scannedIdentifier', JSON.stringify(scanned));
    body.append('nbImagesVehicle', String(photos.length));
    if (didInsist) body.append('didInsist', 'true');
    photos.forEach((file, index) => body.append(`imagesVehicle[${index}]`, file, file.name));
    setSubmitting(true);
    try {
      const saved = await saveMatch(body);
      await queryClient.invalidateQueries({ queryKey: matchKeys.all });
      setDone({ lampions: saved.lampionsGained });
    } catch (error) {
      if (error instanceof ApiError && error.messageKey === 'identity.required.error') {
        onIdentityRequired();
      } else if (error instanceof ApiError && error.invalidField) {
        const field = (
          MATCH_FORM_FIELDS.includes(error.invalidField as MatchFormField) ||
          error.invalidField === 'imagesVehicle'
            ? error.invalidField
            : null
        ) as MatchFieldKey | null;
        if (field) {
          setErrors({ [field]: error.messageKey });
          if (field === 'imagesVehicle') setStep(1);
          scrollTo(field);
        } else {
          toast.error(t('Error.title'), { description: t(error.messageKey), duration: 4000 });
        }
      } else {
        // docs/product/discovery.md §8: loading resets; a bottom-right toast "Error" (4 s).
        toast.error(t('Error.title'), {
          description: t(error instanceof ApiError ? error.messageKey : 'error.generic'),
          duration: 4000,
          position: 'bottom-right',
        });
      }
    } finally {
      setSubmitting(false);
    }
  }

  return {
    step,
    /** Back from the form to the photos. */
    backToPhotos: () => setStep(1),
    photos,
    previews,
    addPhotos,
    removePhoto,
    form,
    update,
    errors,
    /** The chosen vehicle type, for the fields that depend on it (VIN, finish). */
    type,
    nextStep,
    submit,
    submitting,
    done,
  };
}
