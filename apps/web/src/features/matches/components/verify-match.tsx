import {
  sanitizeVinInput,
  type GeoPlace,
  type MatchFormField,
  type ScannedIdentifierInput,
} from '@app/domain';
import { ArrowLeft, Loader2, LocateFixed, Send, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field as FormField } from '@/components/ui/field';
import { FilePickButtons } from '@/components/ui/file-picker';
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/form';
import { TownSuggestions, useTownAutocomplete } from '@/components/ui/town-autocomplete';
import {
  useBrands,
  useColors,
  useEnergies,
  useFinishes,
  useModels,
  useVehicleTypes,
} from '@/lib/catalog-queries';
import { currentPosition } from '@/lib/geolocation';
import { placeAt, useMatchedAnnonce } from '../api/matches-api';
import {
  matchFieldId as fieldId,
  useMatchReport,
  type MatchErrors as Errors,
  type MatchFieldKey as FieldKey,
  type MatchFormState as FormState,
} from '../hooks/use-match-report';

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
  const [quitOpen, setQuitOpen] = useState(false);
  const types = useVehicleTypes();
  const report = useMatchReport({ scanned, didInsist, position, initial, onIdentityRequired });
  const { step, photos, previews, form, update, errors, type, done } = report;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('match.verify.back')}
          onClick={() => (step === 2 ? report.backToPhotos() : setQuitOpen(true))}
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
        <p className="rounded-lg border border-night-100 bg-white px-3 py-2 text-sm text-night-800">
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
            onFiles={report.addPhotos}
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
                    onClick={() => report.removePhoto(index)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex justify-end">
            <Button onClick={report.nextStep}>{t('match.verify.next')}</Button>
          </div>
        </section>
      ) : (
        <form
          noValidate
          aria-labelledby="match-form-title"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void report.submit();
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
            <Button type="submit" disabled={report.submitting}>
              {report.submitting ? (
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
    <FormField
      id={fieldId(field)}
      className="scroll-mt-24 scroll-mb-32"
      error={error}
      label={
        <>
          {label}{' '}
          <span className="font-normal text-slate-600">
            {REQUIRED_FIELDS.includes(field) ? t('filePicker.required') : t('filePicker.optional')}
          </span>
        </>
      }
    >
      {children}
    </FormField>
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
  const townText = useTownAutocomplete(town ? `${town.city} (${town.postalCode})` : '');
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);

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
      townText.show(`${place.city} (${place.postalCode})`);
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
        <p
          role="status"
          className="rounded-lg border border-night-100 bg-white px-3 py-2 text-sm text-night-800"
        >
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
          value={townText.text}
          autoComplete="off"
          aria-required
          invalid={Boolean(error) && !town}
          aria-describedby={error ? `${fieldId('address')}-error` : undefined}
          onChange={(event) => {
            townText.type(event.target.value);
            if (town) onTown(null);
          }}
        />
        <TownSuggestions
          label={t('match.field.townSuggestions')}
          suggestions={townText.suggestions}
          optionLabel={(place) => `${place.city} (${place.postalCode})`}
          onPick={(place) => {
            onTown(place);
            townText.show(`${place.city} (${place.postalCode})`);
          }}
        />
      </div>
      <FieldError id={`${fieldId('address')}-error`}>{error ? t(error) : null}</FieldError>
    </fieldset>
  );
}
