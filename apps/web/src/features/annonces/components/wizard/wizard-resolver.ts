import type { WizardStep } from '@app/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { stepProblems, type WizardFields, type WizardFiles } from './wizard-form';

/** What the wizard's form holds: everything typed or chosen, and the files picked or kept. */
export interface WizardValues {
  fields: WizardFields;
  files: WizardFiles;
}

/** Which rules apply: those of the step on screen, in the fast or the complete sequence. */
export interface WizardCheck {
  step: WizardStep;
  isFast: boolean;
}

/**
 * The domain's rules of the step on screen (stepProblems, the server's own) as the form's
 * resolver, the way the sign-up checks its steps with the domain's schemas. A problem is named by
 * the server's field ("address", "finitions", "vehicleFiles"…), which is also how a refusal of the
 * server names it, so both show in the same place.
 */
export const wizardResolver: Resolver<WizardValues, WizardCheck> = (values, context) => {
  if (!context) return { values, errors: {} };
  const problems = stepProblems(context.step, values.fields, values.files, context.isFast);
  if (problems.length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(
    problems.map((problem) => [problem.field, { type: 'domain', message: problem.messageKey }]),
  );
  return { values: {}, errors: errors as FieldErrors<WizardValues> };
};

/** The problems a value also clears when it changes, where their names differ from its own. */
const OTHER_PROBLEMS_OF: Partial<Record<keyof WizardFields | keyof WizardFiles, string[]>> = {
  street: ['address', 'town'],
  town: ['address', 'town'],
  licensePlate: ['licensePlateConfirm'],
  licensePlateConfirm: ['licensePlate'],
  finish: ['finitions'],
  rewardLevel: ['additionnalRewardAmount', 'additionnalRewardLevel'],
  rewardAmount: ['additionnalRewardAmount'],
  photos: ['vehicleFiles'],
};

/** The names of the problems that go once these values changed. */
export function problemNamesOf(changed: readonly (keyof WizardFields | keyof WizardFiles)[]) {
  return [...new Set(changed.flatMap((key) => [key, ...(OTHER_PROBLEMS_OF[key] ?? [])]))];
}

/** Same data: plain objects and arrays compared by content, anything else (a File) by identity. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const isPlain = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype;
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]));
}
