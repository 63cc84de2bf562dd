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
import {
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
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

type Position = { latitude: number; longitude: number } | null;

/** The report's fields as the server takes them (the `match` part). */
function matchFieldsOf(form: MatchFormState, position: Position): MatchFieldsInput {
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

/**
 * The domain's rules of a report (matchFormProblems, the server's own) as the form's resolver,
 * the way the sign-up checks its steps with the domain's schemas. A problem is named by the
 * report's field (the street, town and position make one "address").
 */
const matchResolver: Resolver<MatchFormState, { position: Position }> = (values, context) => {
  const problems = matchFormProblems(matchFieldsOf(values, context?.position ?? null));
  if (problems.length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(
    problems.map((problem) => [problem.field, { type: 'domain', message: problem.messageKey }]),
  );
  return { values: {}, errors: errors as FieldErrors<MatchFormState> };
};

/**
 * The form's problems go by the report's field names: "address" stands for the street, the town
 * and the position together, so it names a problem of the form rather than one of its values.
 */
const problemName = (field: MatchFormField | keyof MatchFormState) =>
  (field === 'street' || field === 'town' || field === 'located'
    ? 'address'
    : field) as FieldPath<MatchFormState>;

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
  const reportForm = useForm<MatchFormState, { position: Position }>({
    defaultValues: initial,
    resolver: matchResolver,
    context: { position },
    // Problems show on sending; changing a field clears its own problem (update), nothing more.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The first invalid field is scrolled to the middle of the screen instead (scrollTo).
    shouldFocusError: false,
  });
  const [done, setDone] = useState<{ lampions: number } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The photos are not a field of the form: their problem is kept beside it.
  const [photosError, setPhotosError] = useState<string | null>(null);
  const [scrollRequest, setScrollRequest] = useState<{ field: MatchFieldKey; n: number } | null>(
    null,
  );
  const scrollTo = (field: MatchFieldKey) =>
    setScrollRequest((current) => ({ field, n: (current?.n ?? 0) + 1 }));

  // Every field has a default value (initial), so the watched values are whole.
  const form = useWatch({ control: reportForm.control }) as MatchFormState;
  const formErrors = reportForm.formState.errors as Partial<Record<string, { message?: string }>>;
  const errors: MatchErrors = {};
  for (const field of MATCH_FORM_FIELDS) {
    const message = formErrors[field]?.message;
    if (message) errors[field] = message;
  }
  if (photosError) errors.imagesVehicle = photosError;

  /** Shows only these problems (a server's answer, a refused photo). */
  function showOnly(field: MatchFieldKey | null, messageKey?: string) {
    reportForm.clearErrors();
    setPhotosError(field === 'imagesVehicle' ? (messageKey ?? null) : null);
    if (field && field !== 'imagesVehicle' && messageKey) {
      reportForm.setError(problemName(field), { message: messageKey });
    }
  }

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

  /** Sets fields; each one changed loses its problem, and nothing else is checked until sent. */
  function update(patch: Partial<MatchFormState>) {
    const keys = Object.keys(patch) as (keyof MatchFormState)[];
    for (const key of keys) reportForm.setValue(key, patch[key] as never);
    reportForm.clearErrors(keys.map(problemName));
  }

  /** Photos picked: a wrong type or an over-large file is said at once, before anything is sent. */
  function addPhotos(files: File[]) {
    const refused = files.map((file) => fileProblem(file, 'photo')).find(Boolean);
    const picked = files.filter((file) => !fileProblem(file, 'photo'));
    setPhotos((current) => [...current, ...picked].slice(0, MATCH_PHOTOS_MAX));
    showOnly(refused ? 'imagesVehicle' : null, refused ?? undefined);
  }

  function removePhoto(index: number) {
    setPhotos((current) => current.filter((_, i) => i !== index));
  }

  function nextStep() {
    if (photos.length === 0) {
      showOnly('imagesVehicle', MATCH_MESSAGE_KEYS.photosRequired);
      scrollTo('imagesVehicle');
      return;
    }
    showOnly(null);
    setStep(2);
    window.scrollTo({ top: 0 });
  }

  /** The form's problems replace the others; the first one in the form's order is shown. */
  function showProblems(found: FieldErrors<MatchFormState>) {
    setPhotosError(null);
    const first = MATCH_FORM_FIELDS.find((field) => field in found);
    if (first) scrollTo(first);
  }

  async function send(form: MatchFormState) {
    const values = matchFieldsOf(form, position);
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
          showOnly(field, error.messageKey);
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
    submit: reportForm.handleSubmit(send, showProblems),
    submitting,
    done,
  };
}
