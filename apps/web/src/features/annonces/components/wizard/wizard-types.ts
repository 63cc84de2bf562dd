import type { Dispatch, SetStateAction } from 'react';
import type { WizardFields, WizardFiles } from './wizard-form';

/** Field name → message key of the problem shown under it. */
export type FieldErrors = Partial<Record<string, string>>;

export interface StepProps {
  fields: WizardFields;
  setFields: Dispatch<SetStateAction<WizardFields>>;
  files: WizardFiles;
  setFiles: Dispatch<SetStateAction<WizardFiles>>;
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
