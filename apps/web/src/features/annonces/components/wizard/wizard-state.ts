import { stepAt, type AnnonceDetail, type WizardStep } from '@app/domain';
import { rewardAmountOf } from './step-reward';
import { emptyFields, emptyFiles, fromDetail, identifiersLine } from './wizard-form';
import type { WizardValues } from './wizard-resolver';
import { newWizardKey, type PersistedWizard } from './wizard-storage';
import type { BasketEntry } from './wizard-types';

/** A wizard at its start (step 0, or the vehicle type once fast or complete is chosen). */
export const freshState = (
  basket: BasketEntry[] = [],
  isFast: boolean | null = null,
): PersistedWizard => ({
  version: 1,
  annonceId: null,
  isFast,
  mode: 'create',
  status: null,
  step: isFast === null ? 'ONBOARDING' : 'VEHICLE_TYPE',
  minStep: 0,
  fields: emptyFields(),
  files: emptyFiles(),
  basket,
  dirty: false,
  wizardKey: newWizardKey(),
});

/** The wizard state an existing announcement opens with (§4 "Editing"), or null if not editable. */
export function stateOfDetail(
  detail: AnnonceDetail,
  basket: BasketEntry[],
  override?: { isFast: boolean; step: WizardStep },
): PersistedWizard | null {
  if (!detail.resume && !override) return null;
  const { fields, files } = fromDetail(detail);
  const isFast = override?.isFast ?? detail.isFastAnnonce;
  const resume = detail.resume ?? { step: 1, minStep: 0, mode: 'create' as const };
  return {
    version: 1,
    annonceId: detail.id,
    isFast,
    mode: resume.mode,
    status: detail.status.value,
    step: override?.step ?? stepAt(resume.step, isFast) ?? 'VEHICLE_TYPE',
    minStep: resume.minStep,
    fields,
    files,
    basket,
    dirty: false,
  };
}

/** The basket line of the announcement in the wizard, saved under `id`. */
export function basketEntryOf(
  { fields, files }: WizardValues,
  isFast: boolean | null,
  id: number,
): BasketEntry {
  const isLicensed = fields.vehicleType?.isLicensed ?? false;
  return {
    id,
    title: [fields.brand?.name, fields.model?.name].filter(Boolean).join(' '),
    identifiers: identifiersLine([
      fields.licensePlate,
      fields.vin,
      fields.bicycode,
      fields.serialNumber,
    ]),
    isLicensed,
    additionalRewardAmount: rewardAmountOf(fields.rewardLevel, fields.rewardAmount),
    isComplete: files.plainteFile !== null && (!isLicensed || files.carteGriseFile !== null),
    isFast: isFast ?? true,
  };
}

/** The wizard apart from its values (which live in react-hook-form, useWizardValues). */
export type WizardMeta = Omit<PersistedWizard, 'fields' | 'files'>;

export const metaOf = ({ fields: _fields, files: _files, ...meta }: PersistedWizard): WizardMeta =>
  meta;
export const valuesOf = ({ fields, files }: PersistedWizard): WizardValues => ({ fields, files });
