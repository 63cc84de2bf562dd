import { Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Input, Textarea } from '@/components/ui/form';
import { describedBy, Field } from '@/components/ui/field';
import { DocumentInput, PhotosInput } from './file-inputs';
import type { StepProps } from './wizard-types';

/** Step 6 (complete): vehicle photos (at least one) and the state they show. */
export function StepPhotos({ fields, update, files, updateFiles, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <p className="flex items-start gap-2 rounded-lg bg-lantern-50 p-3 text-sm text-night-900">
        <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-lantern-700" />
        {t('wizard.photos.tip')}
      </p>
      <PhotosInput
        value={files.photos}
        onChange={(photos) => updateFiles({ photos })}
        error={errors.vehicleFiles}
      />
      <Field
        id="vehicleDescription"
        label={t('wizard.vehicleDescription')}
        error={errors.vehicleDescription}
      >
        <Textarea
          id="vehicleDescription"
          rows={4}
          maxLength={2000}
          value={fields.vehicleDescription}
          onChange={(event) => update({ vehicleDescription: event.target.value })}
          {...describedBy('vehicleDescription', errors.vehicleDescription)}
        />
      </Field>
    </div>
  );
}

/** Step 7 (complete): insurance, registration card (licensed), complaint: png, jpeg or pdf. */
export function StepPapers({ fields, update, files, updateFiles, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-night-700">{t('wizard.papers.intro')}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          id="insuranceCompany"
          label={t('wizard.insuranceCompany')}
          error={errors.insuranceCompany}
        >
          <Input
            id="insuranceCompany"
            value={fields.insuranceCompany}
            onChange={(event) => update({ insuranceCompany: event.target.value })}
            {...describedBy('insuranceCompany', errors.insuranceCompany)}
          />
        </Field>
        <Field
          id="insuranceContract"
          label={t('wizard.insuranceContract')}
          error={errors.insuranceContract}
        >
          <Input
            id="insuranceContract"
            value={fields.insuranceContract}
            onChange={(event) => update({ insuranceContract: event.target.value })}
            {...describedBy('insuranceContract', errors.insuranceContract)}
          />
        </Field>
      </div>
      <DocumentInput
        id="assuranceFile"
        label={t('wizard.assuranceFile')}
        value={files.assuranceFile}
        onChange={(assuranceFile) => updateFiles({ assuranceFile })}
        error={errors.assuranceFile}
      />
      {fields.vehicleType?.isLicensed ? (
        <DocumentInput
          id="carteGriseFile"
          label={t('wizard.carteGriseFile')}
          value={files.carteGriseFile}
          onChange={(carteGriseFile) => updateFiles({ carteGriseFile })}
          error={errors.carteGriseFile}
        />
      ) : null}
      <DocumentInput
        id="plainteFile"
        label={t('wizard.plainteFile')}
        value={files.plainteFile}
        onChange={(plainteFile) => updateFiles({ plainteFile })}
        error={errors.plainteFile}
      />
    </div>
  );
}
