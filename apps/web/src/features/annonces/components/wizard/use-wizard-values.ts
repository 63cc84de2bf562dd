import { useCallback } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { WizardFields, WizardFiles } from './wizard-form';
import {
  problemNamesOf,
  sameValue,
  wizardResolver,
  type WizardCheck,
  type WizardValues,
} from './wizard-resolver';
import type { FieldErrors, Patch } from './wizard-types';

/** Problems are named by the server's fields, which are not all paths of the values. */
const problemPath = (name: string) => name as FieldPath<WizardValues>;

/** Brings the first field in error into view, centred so the sticky Précédent / Suivant bar never covers it. */
function showFirstProblem() {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView?.({ block: 'center' });
    first?.focus({ preventScroll: true });
  });
}

/**
 * The wizard's values in react-hook-form, checked with the rules of the step on screen
 * (wizardResolver): problems show when Suivant is pressed, every one of the step at once, and a
 * change clears its own field's problems; a refusal of the server shows under its field too.
 * `onChange` hears every change the user makes (the wizard then has unsaved changes).
 */
export function useWizardValues({
  initial,
  check,
  onChange,
}: {
  initial: WizardValues;
  check: WizardCheck;
  onChange: () => void;
}) {
  const form = useForm<WizardValues, WizardCheck>({
    defaultValues: initial,
    resolver: wizardResolver,
    context: check,
    // Problems show on Suivant; changing a value clears its own problems (update), nothing more.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The first invalid field is scrolled to the middle of the screen instead (showFirstProblem).
    shouldFocusError: false,
  });
  // Every value has a default, so the watched values are whole.
  const values = useWatch({ control: form.control }) as WizardValues;
  const found = form.formState.errors as Partial<Record<string, { message?: string }>>;
  const errors: FieldErrors = {};
  for (const [name, problem] of Object.entries(found)) {
    if (problem?.message) errors[name] = problem.message;
  }

  const { reset } = form;
  const replace = useCallback((next: WizardValues) => reset(next), [reset]);

  /** Sets what changed in `patch` under `group`; each value changed loses its problems. */
  function change<G extends keyof WizardValues>(group: G, patch: Patch<WizardValues[G]>) {
    const current = form.getValues(group);
    const next = typeof patch === 'function' ? patch(current) : patch;
    const changed = (Object.keys(next) as (keyof WizardValues[G] & string)[]).filter(
      (key) => !sameValue(next[key], current[key]),
    );
    if (changed.length === 0) return;
    for (const key of changed) {
      form.setValue(`${group}.${key}` as FieldPath<WizardValues>, next[key] as never);
    }
    form.clearErrors(
      problemNamesOf(changed as (keyof WizardFields | keyof WizardFiles)[]).map(problemPath),
    );
    onChange();
  }

  return {
    values,
    errors,
    getValues: () => form.getValues(),
    update: (patch: Patch<WizardFields>) => change('fields', patch),
    updateFiles: (patch: Patch<WizardFiles>) => change('files', patch),
    /** Checks the step on screen; its problems show under their fields, the first one in view. */
    check: async () => {
      const valid = await form.trigger();
      if (!valid) showFirstProblem();
      return valid;
    },
    /** Shows only this problem (the server's refusal, a choice missing). */
    showProblem: (name: string, messageKey: string) => {
      form.clearErrors();
      form.setError(problemPath(name), { type: 'server', message: messageKey });
    },
    clearProblems: () => form.clearErrors(),
    /** Another announcement, or a fresh wizard: its values replace these, without problems. */
    replace,
    /** The files as the server now stores them (kept by id from here on): not a change of the user's. */
    setStoredFiles: (files: WizardFiles) => form.setValue('files', files),
  };
}
