import {
  MATCH_FORM_FIELDS,
  MATCH_MESSAGE_KEYS,
  MATCH_PHOTOS_MAX,
  matchFormProblems,
  sanitizeVinInput,
  type GeoPlace,
  type MatchFieldsInput,
  type MatchFormField,
  type ScannedIdentifierInput,
} from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Loader2, LocateFixed, Send, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FilePickButtons, fileProblem } from '@/components/ui/file-picker';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import {
  useBrands,
  useColors,
  useEnergies,
  useFinishes,
  useModels,
  usePlaces,
  useVehicleTypes,
} from '@/lib/catalog-queries';
import { currentPosition } from '@/lib/geolocation';
import { matchKeys, placeAt, saveMatch, useMatchedAnnonce } from '../api/matches-api';

export interface VerifyMatchProps {
  /** The scanned identifier of the check (annonceId: the announcement reported on). */
  scanned: ScannedIdentifierInput & { annonceId: number };
  /** The identifier as shown ("AB-123-CD"). */
  identifier: string | null;
  didInsist: boolean;
  /** Where the watcher was when checking, when known. */
  position: { latitude: number; longitude: number } | null;
  /** Back to where the watcher came from (after the quit confirmation). */
  onQuit: () => void;
  /** "Add bank details" in the done modal. */
  onAddBankDetails: () => void;
  /** "End" in the done modal. */
  onDone: () => void;
  /** The server asks for an identity (opens the identity modal). */
  onIdentityRequired: () => void;
}

type FieldKey = MatchFormField | 'imagesVehicle';
type Errors = Partial<Record<FieldKey, string>>;

interface FormState {
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

const fieldId = (field: FieldKey) => `match-${field}`;

/**
 * Verify match (docs/product/discovery.md §2 and §4): step 1 the photos (at least one), step 2 the form with the
 * reset rules (type → brand, model, finish; brand → model, finish; model → finish) and the
 * mandatory rule of docs/product/founders-decisions.md, scrolling to the first invalid field; back asks before leaving;
 * the done modal offers bank details or the end. The vehicle is prefilled from the announcement.
 */
export function VerifyMatch(props: VerifyMatchProps) {
  const { t } = useTranslation();
  const annonce = useMatchedAnnonce(props.scanned.annonceId);
  if (annonce.isLoading) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('match.loading')}
      </p>
    );
  }
  const vehicle = annonce.data?.vehicle;
  const initial: FormState = {
    street: '',
    town: null,
    located: null,
    vehicleType: vehicle?.vehicleTypeId ?? null,
    brand: vehicle?.brandId ?? null,
    model: vehicle?.modelId ?? null,
    modelFinish: null,
    vin: '',
    color: vehicle?.color?.value && vehicle.color.value !== 'UNDEFINED' ? vehicle.color.value : '',
    energy: vehicle?.energy?.value ?? '',
    description: '',
  };
  return (
    <VerifyMatchSteps
      {...props}
      initial={initial}
      annonceTitle={annonce.data?.annonceName ?? null}
    />
  );
}

function VerifyMatchSteps({
  scanned,
  identifier,
  didInsist,
  position,
  onQuit,
  onAddBankDetails,
  onDone,
  onIdentityRequired,
  initial,
  annonceTitle,
}: VerifyMatchProps & { initial: FormState; annonceTitle: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  const [photos, setPhotos] = useState<File[]>([]);
  const [form, setForm] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [quitOpen, setQuitOpen] = useState(false);
  const [done, setDone] = useState<{ lampions: number } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [scrollRequest, setScrollRequest] = useState<{ field: FieldKey; n: number } | null>(null);
  const scrollTo = (field: FieldKey) =>
    setScrollRequest((current) => ({ field, n: (current?.n ?? 0) + 1 }));

  const types = useVehicleTypes();
  const type = types.data?.find((item) => item.id === form.vehicleType) ?? null;

  // After a refused submit, bring the first invalid field into view and focus it.
  useEffect(() => {
    if (!scrollRequest) return;
    const element = document.getElementById(fieldId(scrollRequest.field));
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  }, [scrollRequest]);

  const previews = useMemo(() => photos.map((file) => URL.createObjectURL(file)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  function update(patch: Partial<FormState>) {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) {
        delete next[
          (key === 'street' || key === 'town' || key === 'located' ? 'address' : key) as FieldKey
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
        ) as FieldKey | null;
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

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('match.verify.back')}
          onClick={() => (step === 2 ? setStep(1) : setQuitOpen(true))}
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Button>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-night-800">
            {t('match.verify.step', { step, count: 2 })}
          </p>
          <div
            role="progressbar"
            aria-label={t('match.verify.progress')}
            aria-valuemin={1}
            aria-valuemax={2}
            aria-valuenow={step}
            className="mt-1 h-2 overflow-hidden rounded-full bg-night-100"
          >
            <div
              className="h-full rounded-full bg-lantern-500 transition-all"
              style={{ width: `${(step / 2) * 100}%` }}
            />
          </div>
        </div>
      </div>
      {annonceTitle || identifier ? (
        <p className="rounded-lg bg-night-50 px-3 py-2 text-sm text-night-800">
          {t('match.verify.about', { title: annonceTitle ?? '', identifier: identifier ?? '' })}
          {didInsist ? ` ${t('match.verify.insisted')}` : ''}
        </p>
      ) : null}

      {step === 1 ? (
        <section aria-labelledby="match-photos-title" className="flex flex-col gap-3">
          <h2 id="match-photos-title" className="text-lg font-semibold">
            {t('match.verify.photos.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('match.verify.photos.hint')}</p>
          <FilePickButtons
            id={fieldId('imagesVehicle')}
            label={t('match.verify.photos.title')}
            kind="photo"
            multiple
            invalid={Boolean(errors.imagesVehicle)}
            describedBy={errors.imagesVehicle ? 'match-imagesVehicle-error' : undefined}
            onFiles={(files) => {
              // A wrong type or an over-large file is said at once, before anything is sent.
              const refused = files.map((file) => fileProblem(file, 'photo')).find(Boolean);
              const picked = files.filter((file) => !fileProblem(file, 'photo'));
              setPhotos((current) => [...current, ...picked].slice(0, MATCH_PHOTOS_MAX));
              setErrors(refused ? { imagesVehicle: refused } : {});
            }}
          />
          <p className="text-xs text-slate-600">{t('filePicker.types.photo')}</p>
          <FieldError id="match-imagesVehicle-error">
            {errors.imagesVehicle ? t(errors.imagesVehicle) : null}
          </FieldError>
          {photos.length > 0 ? (
            <ul
              aria-label={t('match.verify.photos.list')}
              className="grid grid-cols-3 gap-2 md:grid-cols-4"
            >
              {photos.map((file, index) => (
                <li key={`${file.name}-${index}`} className="relative">
                  <img
                    src={previews[index]}
                    alt={t('match.verify.photos.alt', { n: index + 1 })}
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                  <Button
                    variant="secondary"
                    size="icon"
                    className="absolute top-1 right-1"
                    aria-label={t('match.verify.photos.remove', { n: index + 1 })}
                    onClick={() => setPhotos((current) => current.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex justify-end">
            <Button onClick={nextStep}>{t('match.verify.next')}</Button>
          </div>
        </section>
      ) : (
        <form
          noValidate
          aria-labelledby="match-form-title"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 id="match-form-title" className="text-lg font-semibold">
            {t('match.verify.form.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('match.verify.form.required')}</p>
          <AddressFields
            street={form.street}
            town={form.town}
            located={form.located}
            knownPosition={position}
            error={errors.address}
            onStreet={(street) => update({ street })}
            onTown={(town) => update({ town, located: null })}
            onLocated={(town, located, street) => update({ town, located, street })}
          />
          <SelectField
            field="vehicleType"
            label={t('match.field.vehicleType')}
            error={errors.vehicleType}
            value={form.vehicleType}
            options={(types.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
            onChange={(vehicleType) =>
              update({ vehicleType, brand: null, model: null, modelFinish: null })
            }
          />
          <CatalogSelects form={form} errors={errors} update={update} />
          {type?.hasVIN ? (
            <Field field="vin" label={t('match.field.vin')} error={errors.vin}>
              <Input
                id={fieldId('vin')}
                value={form.vin}
                autoComplete="off"
                autoCapitalize="characters"
                invalid={Boolean(errors.vin)}
                aria-describedby={errors.vin ? `${fieldId('vin')}-error` : undefined}
                onChange={(event) => update({ vin: sanitizeVinInput(event.target.value) })}
              />
            </Field>
          ) : null}
          <ColorEnergyFields form={form} errors={errors} update={update} />
          <Field
            field="description"
            label={t('match.field.description')}
            error={errors.description}
          >
            <Textarea
              id={fieldId('description')}
              rows={4}
              maxLength={2000}
              value={form.description}
              onChange={(event) => update({ description: event.target.value })}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={submitting}>
              {submitting ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Send aria-hidden="true" className="size-4" />
              )}
              {t('match.verify.submit')}
            </Button>
          </div>
        </form>
      )}

      <Dialog open={quitOpen} onOpenChange={setQuitOpen}>
        <DialogContent
          title={t('match.verify.quit.title')}
          description={t('match.verify.quit.text')}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setQuitOpen(false)}>
              {t('match.verify.quit.stay')}
            </Button>
            <Button
              onClick={() => {
                setQuitOpen(false);
                onQuit();
              }}
            >
              {t('match.verify.quit.leave')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>

      <Dialog open={done !== null} onOpenChange={(open) => (open ? undefined : onDone())}>
        <DialogContent
          title={t('match.verify.done.title')}
          description={t('match.verify.done.text')}
        >
          <div className="flex flex-col gap-4">
            {done && done.lampions > 0 ? (
              <p className="rounded-lg bg-lantern-50 px-3 py-2 text-sm font-medium text-lantern-900">
                {t('scan.result.lampions', { count: done.lampions })}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={onAddBankDetails}>
                {t('match.verify.done.bank')}
              </Button>
              <Button onClick={onDone}>{t('match.verify.done.end')}</Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Required fields of a sighting report (docs/product/founders-decisions.md): marked as such in their label. */
const REQUIRED_FIELDS: readonly FieldKey[] = ['vehicleType', 'brand', 'model', 'color'];

function FieldLabel({ field, label }: { field: FieldKey; label: string }) {
  const { t } = useTranslation();
  return (
    <Label htmlFor={fieldId(field)}>
      {label}{' '}
      <span className="font-normal text-slate-600">
        {REQUIRED_FIELDS.includes(field) ? t('filePicker.required') : t('filePicker.optional')}
      </span>
    </Label>
  );
}

function Field({
  field,
  label,
  error,
  children,
}: {
  field: FieldKey;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="scroll-mt-24 scroll-mb-32">
      <FieldLabel field={field} label={label} />
      {children}
      <FieldError id={`${fieldId(field)}-error`}>{error ? t(error) : null}</FieldError>
    </div>
  );
}

function SelectField({
  field,
  label,
  error,
  value,
  options,
  onChange,
  optional,
}: {
  field: MatchFormField;
  label: string;
  error: string | undefined;
  value: number | null;
  options: { value: number; label: string }[];
  onChange: (value: number | null) => void;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field field={field} label={label} error={error}>
      <Select
        id={fieldId(field)}
        value={value ?? ''}
        aria-required={REQUIRED_FIELDS.includes(field) || undefined}
        invalid={Boolean(error)}
        aria-describedby={error ? `${fieldId(field)}-error` : undefined}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{optional ? t('match.field.none') : t('match.field.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function CatalogSelects({
  form,
  errors,
  update,
}: {
  form: FormState;
  errors: Errors;
  update: (patch: Partial<FormState>) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const types = useVehicleTypes();
  const type = types.data?.find((item) => item.id === form.vehicleType) ?? null;
  const brands = useBrands(form.vehicleType);
  const models = useModels(form.vehicleType, form.brand);
  // docs/product/discovery.md §4: a finish only for licensed types, once a model is chosen.
  const finishes = useFinishes(type?.isLicensed && form.model ? form.model : null);
  const needle = filter.trim().toLowerCase();
  const brandOptions = (brands.data ?? [])
    .filter(
      (brand) => !needle || brand.name.toLowerCase().includes(needle) || brand.id === form.brand,
    )
    .map((brand) => ({ value: brand.id, label: brand.name }));
  return (
    <>
      {form.vehicleType ? (
        <div>
          <Label htmlFor={filterId}>{t('match.field.brandFilter')}</Label>
          <Input
            id={filterId}
            value={filter}
            autoComplete="off"
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
      ) : null}
      <SelectField
        field="brand"
        label={t('match.field.brand')}
        error={errors.brand}
        value={form.brand}
        options={brandOptions}
        onChange={(brand) => update({ brand, model: null, modelFinish: null })}
      />
      <SelectField
        field="model"
        label={t('match.field.model')}
        error={errors.model}
        value={form.model}
        options={(models.data ?? []).map((model) => ({ value: model.id, label: model.name }))}
        onChange={(model) => update({ model, modelFinish: null })}
      />
      {type?.isLicensed && form.model ? (
        <SelectField
          field="modelFinish"
          label={t('match.field.modelFinish')}
          error={errors.modelFinish}
          value={form.modelFinish}
          optional
          options={(finishes.data ?? []).map((finish) => ({
            value: finish.id,
            label: finish.name,
          }))}
          onChange={(modelFinish) => update({ modelFinish })}
        />
      ) : null}
    </>
  );
}

function ColorEnergyFields({
  form,
  errors,
  update,
}: {
  form: FormState;
  errors: Errors;
  update: (patch: Partial<FormState>) => void;
}) {
  const { t } = useTranslation();
  const colors = useColors();
  const energies = useEnergies();
  return (
    <>
      <Field field="color" label={t('match.field.color')} error={errors.color}>
        <Select
          id={fieldId('color')}
          aria-required
          value={form.color}
          invalid={Boolean(errors.color)}
          aria-describedby={errors.color ? `${fieldId('color')}-error` : undefined}
          onChange={(event) => update({ color: event.target.value })}
        >
          <option value="">{t('match.field.choose')}</option>
          {(colors.data ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </Select>
      </Field>
      <Field field="energy" label={t('match.field.energy')} error={errors.energy}>
        <Select
          id={fieldId('energy')}
          value={form.energy}
          onChange={(event) => update({ energy: event.target.value })}
        >
          <option value="">{t('match.field.none')}</option>
          {(energies.data ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

function AddressFields({
  street,
  town,
  located,
  knownPosition,
  error,
  onStreet,
  onTown,
  onLocated,
}: {
  street: string;
  town: GeoPlace | null;
  located: { latitude: number; longitude: number } | null;
  /** Where the phone was at the check, when the watcher let it be used. */
  knownPosition: { latitude: number; longitude: number } | null;
  error: string | undefined;
  onStreet: (street: string) => void;
  onTown: (town: GeoPlace | null) => void;
  onLocated: (
    town: GeoPlace,
    located: { latitude: number; longitude: number },
    street: string,
  ) => void;
}) {
  const { t } = useTranslation();
  const townId = useId();
  const [text, setText] = useState(town ? `${town.city} (${town.postalCode})` : '');
  const [open, setOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const places = usePlaces(open ? text : '');
  const options = (places.data ?? []).filter((place) => place.latitude !== null);

  async function locateMe() {
    setLocating(true);
    setLocateError(null);
    try {
      const spot = (await currentPosition()) ?? knownPosition;
      if (!spot) {
        setLocateError('match.position.unavailable');
        return;
      }
      const place = await placeAt(spot.latitude, spot.longitude);
      if (!place) {
        setLocateError('match.position.unknown');
        return;
      }
      // "10 Rue du Taur 31000 Toulouse": the street line is what comes before the town.
      const suffix = `${place.postalCode} ${place.city}`;
      const line = place.label.endsWith(suffix)
        ? place.label.slice(0, -suffix.length).replace(/[,\s]+$/, '')
        : '';
      setText(`${place.city} (${place.postalCode})`);
      setOpen(false);
      onLocated(place, spot, line && line !== place.city ? line : street);
    } catch {
      setLocateError('match.position.unknown');
    } finally {
      setLocating(false);
    }
  }

  return (
    <fieldset className="flex scroll-mt-24 scroll-mb-32 flex-col gap-3">
      <legend className="mb-1.5 text-sm font-medium text-night-900">
        {t('match.field.address')}{' '}
        <span className="font-normal text-slate-600">{t('filePicker.required')}</span>
      </legend>
      <Button
        variant="secondary"
        className="self-start"
        disabled={locating}
        onClick={() => void locateMe()}
      >
        {locating ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <LocateFixed aria-hidden="true" className="size-4" />
        )}
        {t('match.position.use')}
      </Button>
      {located && town ? (
        <p role="status" className="rounded-lg bg-night-50 px-3 py-2 text-sm text-night-800">
          {t('match.position.placed', {
            place: street
              ? `${street}, ${town.postalCode} ${town.city}`
              : `${town.postalCode} ${town.city}`,
          })}
        </p>
      ) : null}
      {locateError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t(locateError)}
        </p>
      ) : null}
      <div>
        <Label htmlFor={fieldId('address')}>
          {t('match.field.street')}{' '}
          <span className="font-normal text-slate-600">
            {located ? t('filePicker.optional') : t('filePicker.required')}
          </span>
        </Label>
        <Input
          id={fieldId('address')}
          value={street}
          autoComplete="street-address"
          aria-required={!located || undefined}
          invalid={Boolean(error) && !street.trim() && !located}
          aria-describedby={error ? `${fieldId('address')}-error` : undefined}
          onChange={(event) => onStreet(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={townId}>
          {t('match.field.town')}{' '}
          <span className="font-normal text-slate-600">{t('filePicker.required')}</span>
        </Label>
        <Input
          id={townId}
          value={text}
          autoComplete="off"
          aria-required
          invalid={Boolean(error) && !town}
          aria-describedby={error ? `${fieldId('address')}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            if (town) onTown(null);
          }}
        />
        {open && options.length > 0 ? (
          <ul
            aria-label={t('match.field.townSuggestions')}
            className="mt-1 max-h-64 overflow-y-auto rounded-lg border border-night-200 bg-white shadow-lg"
          >
            {options.map((place) => (
              <li key={`${place.inseeCode}-${place.postalCode}`}>
                <button
                  type="button"
                  className="block min-h-11 w-full px-3 py-2 text-left text-sm hover:bg-night-50 focus-visible:bg-night-50"
                  onClick={() => {
                    onTown(place);
                    setText(`${place.city} (${place.postalCode})`);
                    setOpen(false);
                  }}
                >
                  {place.city} ({place.postalCode})
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <FieldError id={`${fieldId('address')}-error`}>{error ? t(error) : null}</FieldError>
    </fieldset>
  );
}
