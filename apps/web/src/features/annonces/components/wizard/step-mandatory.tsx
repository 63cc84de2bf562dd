import { formatLicensePlate, sanitizeBicycodeInput, sanitizeVinInput } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Input, Select } from '@/components/ui/form';
import { cn } from '@/lib/cn';
import { useColors, useEnergies } from '@/lib/catalog-queries';
import { describedBy, Field, GroupError } from '@/components/ui/field';
import { DocumentInput } from './file-inputs';
import { TownInput } from './town-input';
import type { StepProps } from './wizard-types';

/** The identifier fields the vehicle type asks for (§5 "Identifier per vehicle type"). */
export function identifierFieldsOf(type: StepProps['fields']['vehicleType']) {
  if (!type) return [];
  if (type.isLicensed) return ['licensePlate', 'licensePlateConfirm'] as const;
  const fields: ('vin' | 'bicycode' | 'serialNumber')[] = [];
  if (type.hasVIN) fields.push('vin');
  else if (type.hasBicycode) fields.push('bicycode');
  if (type.hasSerialNumber) fields.push('serialNumber');
  return fields;
}

const IDENTIFIER_LABELS = {
  licensePlate: 'wizard.licensePlate',
  licensePlateConfirm: 'wizard.licensePlateConfirm',
  vin: 'wizard.vin',
  bicycode: 'wizard.bicycode',
  serialNumber: 'wizard.serialNumber',
} as const;

const IDENTIFIER_HINTS = {
  licensePlate: 'wizard.licensePlate.hint',
  licensePlateConfirm: null,
  vin: 'wizard.vin.hint',
  bicycode: 'wizard.bicycode.hint',
  serialNumber: null,
} as const;

/** As-you-type clean-up of each identifier (upper-case, VIN 17 and bicycode 14 at most). */
const FORMATTERS = {
  licensePlate: (value: string) => value.toUpperCase(),
  licensePlateConfirm: (value: string) => value.toUpperCase(),
  vin: sanitizeVinInput,
  bicycode: sanitizeBicycodeInput,
  serialNumber: (value: string) => value.toUpperCase(),
} as const;

function YesNo({
  name,
  legend,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-night-900">{legend}</legend>
      <div className="flex gap-2">
        {([true, false] as const).map((option) => (
          <label
            key={String(option)}
            className={cn(
              'flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold',
              value === option
                ? 'border-night-900 bg-night-900 text-white'
                : 'border-night-200 bg-white',
            )}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {t(option ? 'wizard.yes' : 'wizard.no')}
          </label>
        ))}
      </div>
      <GroupError id={`${name}-error`} error={error} />
    </fieldset>
  );
}

/** Step 4: identifier(s), colour, energy, theft address, owner and the owner attestation. */
export function StepMandatory({ fields, update, files, updateFiles, errors }: StepProps) {
  const { t } = useTranslation();
  const colors = useColors();
  const energies = useEnergies();
  const set = <K extends keyof typeof fields>(key: K, value: (typeof fields)[K]) =>
    update({ [key]: value });
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="identifiers-title" className="flex flex-col gap-4">
        <h3 id="identifiers-title" className="text-base font-semibold">
          {t('wizard.identifiers')}
        </h3>
        {identifierFieldsOf(fields.vehicleType).map((key) => {
          const hint = IDENTIFIER_HINTS[key];
          return (
            <Field
              key={key}
              id={key}
              label={t(IDENTIFIER_LABELS[key])}
              error={errors[key]}
              hint={hint ? t(hint) : undefined}
            >
              <Input
                id={key}
                value={fields[key]}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase"
                onChange={(event) => set(key, FORMATTERS[key](event.target.value))}
                onBlur={
                  key === 'licensePlate' || key === 'licensePlateConfirm'
                    ? () => fields[key] && set(key, formatLicensePlate(fields[key]))
                    : undefined
                }
                // Pasting the plate into its confirmation would defeat the check.
                onPaste={
                  key === 'licensePlateConfirm' ? (event) => event.preventDefault() : undefined
                }
                {...describedBy(key, errors[key], Boolean(hint))}
              />
            </Field>
          );
        })}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <Field id="color" label={t('wizard.color')} error={errors.color}>
          <Select
            id="color"
            value={fields.color}
            onChange={(event) => set('color', event.target.value)}
            {...describedBy('color', errors.color)}
          >
            <option value="">{t('wizard.choose')}</option>
            {(colors.data ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.text}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="energy" label={t('wizard.energy')} error={errors.energy}>
          <Select
            id="energy"
            value={fields.energy}
            onChange={(event) => set('energy', event.target.value)}
            {...describedBy('energy', errors.energy)}
          >
            <option value="">{t('wizard.choose')}</option>
            {(energies.data ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.text}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <section aria-labelledby="address-title" className="flex flex-col gap-4">
        <h3 id="address-title" className="text-base font-semibold">
          {t('wizard.address.title')}
        </h3>
        <Field
          id="street"
          label={t('wizard.address.street')}
          error={errors.address}
          hint={t('wizard.address.street.hint')}
        >
          <Input
            id="street"
            value={fields.street}
            autoComplete="address-line1"
            onChange={(event) => set('street', event.target.value)}
            {...describedBy('street', errors.address, true)}
          />
        </Field>
        <TownInput value={fields.town} onChange={(town) => set('town', town)} error={errors.town} />
      </section>

      <YesNo
        name="isProprio"
        legend={t('wizard.isProprio')}
        value={fields.isProprio}
        error={errors.isProprio}
        onChange={(isProprio) => {
          update({
            isProprio,
            // §4 "Owner status": owner clears the other owner's names and documents.
            ...(isProprio ? { firstnameOwner: '', lastnameOwner: '' } : {}),
          });
          if (isProprio) updateFiles({ identityRecto: null, identityVerso: null });
        }}
      />
      {fields.isProprio === false ? (
        <section
          aria-labelledby="owner-title"
          className="flex flex-col gap-4 rounded-xl bg-night-50 p-3"
        >
          <h3 id="owner-title" className="text-base font-semibold">
            {t('wizard.owner.title')}
          </h3>
          <div className="grid gap-4 md:grid-cols-2">
            <Field
              id="lastnameOwner"
              label={t('wizard.owner.lastname')}
              error={errors.lastnameOwner}
            >
              <Input
                id="lastnameOwner"
                value={fields.lastnameOwner}
                autoComplete="off"
                onChange={(event) => set('lastnameOwner', event.target.value)}
                {...describedBy('lastnameOwner', errors.lastnameOwner)}
              />
            </Field>
            <Field
              id="firstnameOwner"
              label={t('wizard.owner.firstname')}
              error={errors.firstnameOwner}
            >
              <Input
                id="firstnameOwner"
                value={fields.firstnameOwner}
                autoComplete="off"
                onChange={(event) => set('firstnameOwner', event.target.value)}
                {...describedBy('firstnameOwner', errors.firstnameOwner)}
              />
            </Field>
          </div>
          <DocumentInput
            id="identityRecto"
            label={t('wizard.owner.identityRecto')}
            value={files.identityRecto}
            onChange={(identityRecto) => updateFiles({ identityRecto })}
            error={errors.identityRecto}
          />
          <DocumentInput
            id="identityVerso"
            label={t('wizard.owner.identityVerso')}
            value={files.identityVerso}
            onChange={(identityVerso) => updateFiles({ identityVerso })}
            error={errors.identityVerso}
          />
        </section>
      ) : null}

      <div>
        <label className="flex items-start gap-3 text-sm text-night-900">
          <input
            id="ownerAttestation"
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-night-900"
            checked={fields.ownerAttestation}
            onChange={(event) => set('ownerAttestation', event.target.checked)}
            aria-describedby={errors.ownerAttestation ? 'ownerAttestation-error' : undefined}
            aria-invalid={errors.ownerAttestation ? true : undefined}
          />
          <span>{t('wizard.ownerAttestation')}</span>
        </label>
        <GroupError id="ownerAttestation-error" error={errors.ownerAttestation} />
      </div>
    </div>
  );
}
