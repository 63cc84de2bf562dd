import type { WizardFields, WizardFiles } from './wizard-form';

/** Field name → message key of the problem shown under it. */
export type FieldErrors = Partial<Record<string, string>>;

/** Some values to change, or how to change them from the current ones. */
export type Patch<T> = Partial<T> | ((current: T) => Partial<T>);

export interface StepProps {
  fields: WizardFields;
  files: WizardFiles;
  /** Changes some fields; each one that changed loses its problem (useWizardValues). */
  update: (patch: Patch<WizardFields>) => void;
  updateFiles: (patch: Patch<WizardFiles>) => void;
  errors: FieldErrors;
  isFast: boolean;
}

/** One announcement of the recap's basket (§3 "Draft in the basket"). */
export interface BasketEntry {
  id: number;
  title: string;
  identifiers: string;
  isLicensed: boolean;
  additionalRewardAmount: number;
  isComplete: boolean;
  isFast: boolean;
}
