import type { AnnonceStatus } from './annonce-status';

/**
 * The creation wizard's steps (docs/product/annonces.md §2 "Step sequences"). A step's number is its index in the
 * flow's sequence: fast 0–7, complete 0–10. `creationStep` on an announcement is that number.
 */
export const WIZARD_STEPS = [
  'ONBOARDING',
  'VEHICLE_TYPE',
  'BRAND',
  'MODEL',
  'MANDATORY_FIELDS',
  'ADDITIONNAL_FIELDS',
  'PHOTOS',
  'PAPERS',
  'ADDITIONNAL_REWARD',
  'RECAP',
  'PAYMENT_SUMMARY',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const FAST_SEQUENCE: readonly WizardStep[] = [
  'ONBOARDING',
  'VEHICLE_TYPE',
  'BRAND',
  'MODEL',
  'MANDATORY_FIELDS',
  'ADDITIONNAL_REWARD',
  'RECAP',
  'PAYMENT_SUMMARY',
];
export const COMPLETE_SEQUENCE: readonly WizardStep[] = WIZARD_STEPS;

/** Steps edit mode leaves out: they belong to the basket and the payment, not to one announcement. */
const EDIT_SKIPPED: readonly WizardStep[] = ['ADDITIONNAL_REWARD', 'RECAP', 'PAYMENT_SUMMARY'];

export function wizardSequence(isFast: boolean): readonly WizardStep[] {
  return isFast ? FAST_SEQUENCE : COMPLETE_SEQUENCE;
}

/** The steps the user walks through: creation shows all of them, edit mode skips the three above. */
export function visibleSteps(isFast: boolean, mode: 'create' | 'edit'): readonly WizardStep[] {
  const sequence = wizardSequence(isFast);
  return mode === 'edit' ? sequence.filter((step) => !EDIT_SKIPPED.includes(step)) : sequence;
}

/** The step's number in the flow, or -1 when the flow has no such step (PHOTOS in a fast one). */
export function stepNumber(step: WizardStep, isFast: boolean): number {
  return wizardSequence(isFast).indexOf(step);
}

export function stepAt(index: number, isFast: boolean): WizardStep | null {
  return wizardSequence(isFast)[index] ?? null;
}

/**
 * The maximum the step counter shows: 7 (fast) or 10 (complete) when creating; in edit mode, where
 * the reward, recap and payment steps are skipped, 4 (fast) or 7 (complete) — the counts the spec
 * gives for a TO_VALIDATE announcement being edited.
 */
export function maxDisplayedStep(isFast: boolean, mode: 'create' | 'edit'): number {
  const steps = visibleSteps(isFast, mode);
  return stepNumber(steps[steps.length - 1] as WizardStep, isFast);
}

export interface ResumePoint {
  /** Where the wizard opens. */
  step: number;
  /** Previous is locked below this step. */
  minStep: number;
  mode: 'create' | 'edit';
}

/**
 * Where the wizard opens an existing announcement (§4 "Editing"):
 * - DRAFT fast: at its saved step; steps past the mandatory fields (reward, recap, payment) are
 *   basket steps, so it resumes at the mandatory fields;
 * - DRAFT complete: at its saved step, or at the papers when it had gone past them;
 * - REFUSED: back to the vehicle type, in edit mode;
 * - TO_VALIDATE: at the additional fields (complete) or the mandatory fields (fast), Previous locked
 *   on the mandatory fields;
 * - anything else cannot be edited: null.
 * Onboarding was answered when the draft was first saved, so a draft never reopens at step 0.
 */
export function resumePoint(annonce: {
  status: AnnonceStatus | string;
  isFastAnnonce: boolean;
  creationStep: number;
}): ResumePoint | null {
  const isFast = annonce.isFastAnnonce;
  const vehicleType = stepNumber('VEHICLE_TYPE', isFast);
  const mandatory = stepNumber('MANDATORY_FIELDS', isFast);
  switch (annonce.status) {
    case 'DRAFT': {
      const last = isFast ? mandatory : stepNumber('PAPERS', false);
      const step = Math.min(Math.max(annonce.creationStep, vehicleType), last);
      return { step, minStep: 0, mode: 'create' };
    }
    case 'REFUSED':
      return { step: vehicleType, minStep: vehicleType, mode: 'edit' };
    case 'TO_VALIDATE':
      return {
        step: isFast ? mandatory : stepNumber('ADDITIONNAL_FIELDS', false),
        minStep: mandatory,
        mode: 'edit',
      };
    default:
      return null;
  }
}

/**
 * The step holding each form field, so that a 403 with invalidField takes the wizard there
 * (§5 "Server save 403").
 */
export const FIELD_STEPS: Readonly<Record<string, WizardStep>> = {
  vehicleType: 'VEHICLE_TYPE',
  brand: 'BRAND',
  model: 'MODEL',
  licensePlate: 'MANDATORY_FIELDS',
  licensePlateConfirm: 'MANDATORY_FIELDS',
  bicycode: 'MANDATORY_FIELDS',
  serialNumber: 'MANDATORY_FIELDS',
  energy: 'MANDATORY_FIELDS',
  color: 'MANDATORY_FIELDS',
  address: 'MANDATORY_FIELDS',
  isProprio: 'MANDATORY_FIELDS',
  ownerAttestation: 'MANDATORY_FIELDS',
  firstnameOwner: 'MANDATORY_FIELDS',
  lastnameOwner: 'MANDATORY_FIELDS',
  identityRecto: 'MANDATORY_FIELDS',
  identityVerso: 'MANDATORY_FIELDS',
  annonceDescription: 'ADDITIONNAL_FIELDS',
  hasWindowEngraving: 'ADDITIONNAL_FIELDS',
  fiscalPower: 'ADDITIONNAL_FIELDS',
  finitions: 'ADDITIONNAL_FIELDS',
  vehicleFiles: 'PHOTOS',
  vehicleDescription: 'PHOTOS',
  carteGriseFile: 'PAPERS',
  plainteFile: 'PAPERS',
  assuranceFile: 'PAPERS',
  insuranceCompany: 'PAPERS',
  insuranceContract: 'PAPERS',
  additionnalRewardLevel: 'ADDITIONNAL_REWARD',
  additionnalRewardAmount: 'ADDITIONNAL_REWARD',
};

/**
 * The VIN sits with the mandatory fields when it identifies the vehicle (unlicensed types with a
 * VIN) and with the additional fields otherwise.
 */
export function stepOfField(field: string, context: { isLicensed: boolean }): WizardStep | null {
  if (field === 'vin') return context.isLicensed ? 'ADDITIONNAL_FIELDS' : 'MANDATORY_FIELDS';
  return FIELD_STEPS[field] ?? null;
}
